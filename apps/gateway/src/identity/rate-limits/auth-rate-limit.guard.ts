import { Inject, Injectable } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerGuard } from '@nestjs/throttler';
import type {
  ThrottlerLimitDetail,
  ThrottlerModuleOptions,
  ThrottlerRequest,
  ThrottlerStorage,
} from '@nestjs/throttler';
import { AppError } from '@app/errors';
import { retryAfterSeconds } from './rate-limit-keys';
import { AUTH_RATE_LIMIT_OPTIONS, AUTH_RATE_LIMIT_STORAGE } from './rate-limits.constants';

/**
 * Sign-up and login attempts per client IP and per account (e-mail). Counts live in Redis
 * when configured, so gateway replicas share them; in memory otherwise (standalone).
 * Over the limit: 429 rate_limited with retry_after (the error filter sets Retry-After).
 */
@Injectable()
export class AuthRateLimitGuard extends ThrottlerGuard {
  constructor(
    @Inject(AUTH_RATE_LIMIT_OPTIONS) options: ThrottlerModuleOptions,
    @Inject(AUTH_RATE_LIMIT_STORAGE) storage: ThrottlerStorage,
    reflector: Reflector,
  ) {
    super(options, storage, reflector);
  }

  /**
   * A counter store that does not answer (Redis down) lets the attempt through and says so
   * in the logs: the limit protects login, it must not take login down with it.
   */
  protected override async handleRequest(requestProps: ThrottlerRequest): Promise<boolean> {
    try {
      return await super.handleRequest(requestProps);
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.logger.error(
        { err, throttler: requestProps.throttler.name },
        'Rate-limit store unavailable; attempt allowed',
      );
      return true;
    }
  }

  protected override throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const seconds = retryAfterSeconds(detail.timeToBlockExpire);
    throw new AppError(
      'rate_limited',
      `Too many attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
      { retry_after: seconds },
    );
  }
}
