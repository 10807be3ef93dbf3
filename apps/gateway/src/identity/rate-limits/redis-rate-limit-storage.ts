import { Logger } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';

/**
 * A rate-limit store in Redis, shared by gateway replicas: one round trip (an atomic Lua script)
 * per count. Short timeouts, so a Redis outage costs a request at most a second before the
 * limiter lets it through; connection errors are logged under `name`.
 */
export function redisRateLimitStorage(redisUrl: string, name: string): ThrottlerStorageRedisService {
  const storage = new ThrottlerStorageRedisService(redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
  });
  const logger = new Logger(name);
  storage.redis.on('error', (err: unknown) => logger.warn({ err }, 'Redis (rate limits) connection error'));
  return storage;
}
