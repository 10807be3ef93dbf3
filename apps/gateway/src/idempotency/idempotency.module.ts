import { Global, Module } from '@nestjs/common';
import { IdempotencyRepository } from './idempotency.repository';
import { IdempotencyService } from './idempotency.service';

/**
 * `Idempotency-Key` for every `@Idempotent()` route, stored in the identity schema (replicas share it).
 * Global: the decorator mounts IdempotencyInterceptor in the route's own module, which resolves the
 * service from here.
 */
@Global()
@Module({
  providers: [IdempotencyRepository, IdempotencyService],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}
