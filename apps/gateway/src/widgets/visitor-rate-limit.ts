import { Inject, Injectable, Logger, Module, UseGuards, applyDecorators } from '@nestjs/common';
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
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { gatewayConfig } from '../config/gateway.env';
import { rateLimitKey, retryAfterSeconds } from '../identity/rate-limits/rate-limit-keys';

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
  if (!config.REDIS_URL) return new ThrottlerStorageService();
  const redis = new ThrottlerStorageRedisService(config.REDIS_URL, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
  });
  const logger = new Logger('VisitorRateLimitStorage');
  redis.redis.on('error', (err: unknown) => logger.warn({ err }, 'Redis (visitor rate limits) connection error'));
  return redis;
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
