import { Catch, Injectable } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter, ExecutionContext } from '@nestjs/common';
import type { ThrottlerLimitDetail } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@app/errors';
import { AuthRateLimitGuard } from '../identity/rate-limits/auth-rate-limit.guard';
import { retryAfterSeconds } from '../identity/rate-limits/rate-limit-keys';
import { rateLimitedPage } from './interaction-pages';
import { pageLanguageOf } from './page-language';

/** Too many sign-in attempts on the login page: an AppError, so the limiter lets it through to the filter below. */
export class LoginPageRateLimited extends AppError {
  constructor(readonly retryAfter: number) {
    super('rate_limited', 'Too many sign-in attempts.', { retry_after: retryAfter });
  }
}

/**
 * The limits of POST /v1/auth/login (per client IP and per e-mail, same store and settings) on
 * the OAuth login form, which would otherwise be an unlimited password-guessing door.
 */
@Injectable()
export class LoginPageRateLimitGuard extends AuthRateLimitGuard {
  protected override throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw new LoginPageRateLimited(retryAfterSeconds(detail.timeToBlockExpire));
  }
}

/** A browser gets a page, not JSON: 429 with Retry-After, in the form's language, linking back to the form. */
@Catch(LoginPageRateLimited)
export class LoginPageRateLimitedFilter implements ExceptionFilter {
  catch(error: LoginPageRateLimited, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest<{ Params: { uid?: string }; Body: { lang?: unknown } }>>();
    const language = pageLanguageOf(request.body?.lang, request.headers['accept-language']);
    void http
      .getResponse<FastifyReply>()
      .status(429)
      .header('retry-after', String(error.retryAfter))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(rateLimitedPage(language, request.params?.uid ?? '', error.retryAfter));
  }
}
