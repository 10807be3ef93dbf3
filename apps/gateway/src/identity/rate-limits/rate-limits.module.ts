import { Module } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { ThrottlerModuleOptions, ThrottlerStorage } from '@nestjs/throttler';
import type { AppConfig } from '@app/config';
import { gatewayConfig } from '../../config/gateway.env';
import { AuthRateLimitGuard } from './auth-rate-limit.guard';
import { redisRateLimitStorage } from './redis-rate-limit-storage';
import { accountTracker, rateLimitKey } from './rate-limit-keys';
import { AUTH_RATE_LIMIT_OPTIONS, AUTH_RATE_LIMIT_STORAGE } from './rate-limits.constants';

interface RequestWithBody {
  body?: unknown;
}

const bodyOf = (context: ExecutionContext): unknown => context.switchToHttp().getRequest<RequestWithBody>().body;

function authRateLimitOptions(config: AppConfig<typeof gatewayConfig>): ThrottlerModuleOptions {
  const limit = config.AUTH_RATE_LIMIT;
  const ttl = config.AUTH_RATE_WINDOW_S * 1000;
  return {
    // One Retry-After, set by the error filter from retry_after; no per-limit X-RateLimit-* headers.
    setHeaders: false,
    throttlers: [
      { name: 'ip', limit, ttl, blockDuration: ttl },
      {
        name: 'account',
        limit,
        ttl,
        blockDuration: ttl,
        getTracker: (req) => accountTracker((req as RequestWithBody).body) ?? '',
        // No e-mail in the body: validation answers; the per-IP limit still counts the attempt.
        skipIf: (context) => accountTracker(bodyOf(context)) === undefined,
      },
    ],
    generateKey: (context, tracker, name) =>
      rateLimitKey(config.EVENTS_NAMESPACE, `${context.getClass().name}.${context.getHandler().name}`, name, tracker),
  };
}

function authRateLimitStorage(config: AppConfig<typeof gatewayConfig>): ThrottlerStorage {
  return config.REDIS_URL
    ? redisRateLimitStorage(config.REDIS_URL, 'AuthRateLimitStorage')
    : new ThrottlerStorageService();
}

/** The sign-up and login limits: `@AuthRateLimited()` on a route; modules using it import this one. */
@Module({
  providers: [
    { provide: AUTH_RATE_LIMIT_OPTIONS, inject: [gatewayConfig.KEY], useFactory: authRateLimitOptions },
    { provide: AUTH_RATE_LIMIT_STORAGE, inject: [gatewayConfig.KEY], useFactory: authRateLimitStorage },
    AuthRateLimitGuard,
  ],
  exports: [AUTH_RATE_LIMIT_OPTIONS, AUTH_RATE_LIMIT_STORAGE, AuthRateLimitGuard],
})
export class RateLimitsModule {}
