import { Global, Module } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { AppConfig } from '@app/config';
import { gatewayConfig } from '../config/gateway.env';
import { redisRateLimitStorage } from '../identity/rate-limits/redis-rate-limit-storage';
import { FairUseLimiter } from './fair-use-limiter';
import { FAIR_USE_STORAGE } from './fair-use.constants';
import { FixedWindowStore } from './fixed-window-store';
import { PublicRateLimitGuard } from './public-rate-limit.guard';

function fairUseStorage(config: AppConfig<typeof gatewayConfig>): ThrottlerStorage {
  return config.REDIS_URL ? redisRateLimitStorage(config.REDIS_URL, 'FairUseStorage') : new FixedWindowStore();
}

/** The per-key and per-IP limits: global, as the access guard and every public feature's guard use them. */
@Global()
@Module({
  providers: [
    { provide: FAIR_USE_STORAGE, inject: [gatewayConfig.KEY], useFactory: fairUseStorage },
    FairUseLimiter,
    PublicRateLimitGuard,
  ],
  exports: [FairUseLimiter, PublicRateLimitGuard],
})
export class FairUseModule {}
