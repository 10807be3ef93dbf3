import { Inject, Injectable, Module, UseGuards, applyDecorators } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard, ThrottlerStorageService } from '@nestjs/throttler';
import type {
  ThrottlerLimitDetail,
  ThrottlerModuleOptions,
  ThrottlerRequest,
  ThrottlerStorage,
} from '@nestjs/throttler';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { gatewayConfig } from '../config/gateway.env';
import { rateLimitKey, retryAfterSeconds } from '../identity/rate-limits/rate-limit-keys';
import { redisRateLimitStorage } from '../identity/rate-limits/redis-rate-limit-storage';

/** A visitor types; a script floods. Per chat session and per client IP, over a minute. */
export const VISITOR_MESSAGES_PER_MINUTE = 20;
export const VISITOR_REQUESTS_PER_IP_PER_MINUTE = 120;

const OPTIONS = Symbol('VISITOR_RATE_LIMIT_OPTIONS');
const STORAGE = Symbol('VISITOR_RATE_LIMIT_STORAGE');

interface RequestWithParams {
  params?: Record<string, string | undefined>;
}

const sessionOf = (request: unknown) => (request as RequestWithParams).params?.session_id;

function options(config: AppConfig<typeof gatewayConfig>): ThrottlerModuleOptions {
  return {
    setHeaders: false,
    throttlers: [
      { name: 'ip', limit: VISITOR_REQUESTS_PER_IP_PER_MINUTE, ttl: 60_000 },
      {
        name: 'session',
        limit: VISITOR_MESSAGES_PER_MINUTE,
        ttl: 60_000,
        getTracker: (request) => sessionOf(request) ?? '',
        skipIf: (context) => !sessionOf(context.switchToHttp().getRequest()),
      },
    ],
    generateKey: (context, tracker, name) =>
      rateLimitKey(config.EVENTS_NAMESPACE, `${context.getClass().name}.${context.getHandler().name}`, name, tracker),
  };
}

function storage(config: AppConfig<typeof gatewayConfig>): ThrottlerStorage {
  return config.REDIS_URL
    ? redisRateLimitStorage(config.REDIS_URL, 'VisitorRateLimitStorage')
    : new ThrottlerStorageService();
}

/** Counts in Redis when configured (shared by gateway replicas), in memory otherwise. */
@Injectable()
export class VisitorRateLimitGuard extends ThrottlerGuard {
  constructor(
    @Inject(OPTIONS) options: ThrottlerModuleOptions,
    @Inject(STORAGE) store: ThrottlerStorage,
    reflector: Reflector,
  ) {
    super(options, store, reflector);
  }

  /** A store that does not answer lets the message through: the limit must not take the chat down. */
  protected override async handleRequest(requestProps: ThrottlerRequest): Promise<boolean> {
    try {
      return await super.handleRequest(requestProps);
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.logger.error({ err }, 'Rate-limit store unavailable; visitor request allowed');
      return true;
    }
  }

  protected override throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const seconds = retryAfterSeconds(detail.timeToBlockExpire);
    throw new AppError('rate_limited', `Too many messages. Try again in ${seconds} seconds.`, {
      retry_after: seconds,
    });
  }
}

export const VisitorRateLimited = () =>
  applyDecorators(
    UseGuards(VisitorRateLimitGuard),
    ApiTooManyRequestsResponse({
      description: `\`rate_limited\`: over ${VISITOR_MESSAGES_PER_MINUTE} messages a minute in this chat, or too many requests from this IP; see \`retry_after\``,
    }),
  );

@Module({
  providers: [
    { provide: OPTIONS, inject: [gatewayConfig.KEY], useFactory: options },
    { provide: STORAGE, inject: [gatewayConfig.KEY], useFactory: storage },
    VisitorRateLimitGuard,
  ],
  exports: [OPTIONS, STORAGE, VisitorRateLimitGuard],
})
export class VisitorRateLimitModule {}
