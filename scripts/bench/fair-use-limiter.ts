import type { ThrottlerStorage } from '@nestjs/throttler';
import type { AppConfig } from '@app/config';
import type { gatewayConfig } from '../../apps/gateway/src/config/gateway.env';
import { FairUseLimiter } from '../../apps/gateway/src/fair-use/fair-use-limiter';
import { FixedWindowStore } from '../../apps/gateway/src/fair-use/fixed-window-store';
import { redisRateLimitStorage } from '../../apps/gateway/src/identity/rate-limits/redis-rate-limit-storage';
import { option, positiveOption } from './options';
import { runBench } from './running';

/**
 * `node dist/scripts/bench/fair-use-limiter.js`: the fair-use limiter's own cost per request,
 * CPU time in this process (what the gateway pays), in memory per API key and per client IP, and
 * through Redis with `--in_flight` requests at once (`--redis_url`, default the local one; skipped
 * when it does not answer). The limits are high enough never to trip. Options: calls.
 */
const KEY_ID = '6f1c2d1e-0000-4000-8000-000000000001';
/** A reply that takes the RateLimit fields and drops them. */
const reply = { header: () => reply } as unknown as Parameters<FairUseLimiter['countApiKey']>[1];

function limiterOver(store: ThrottlerStorage): FairUseLimiter {
  const config = {
    EVENTS_NAMESPACE: `benchfairuse${Date.now()}`,
    API_RATE_LIMIT: 1_000_000,
    PUBLIC_RATE_LIMIT: 1_000_000,
  };
  return new FairUseLimiter(config as AppConfig<typeof gatewayConfig>, store);
}

/** CPU and wall microseconds per call, `inFlight` calls at a time, after a warm-up. */
async function measure(label: string, calls: number, inFlight: number, call: (i: number) => Promise<void>) {
  const batch = (from: number) => Promise.all(Array.from({ length: inFlight }, (_, j) => call(from + j)));
  for (let i = 0; i < 2000; i += inFlight) await batch(i);
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i += inFlight) await batch(i);
  const wallUs = Number(process.hrtime.bigint() - start) / 1000 / calls;
  const used = process.cpuUsage(cpu);
  const cpuUs = (used.user + used.system) / calls;
  process.stdout.write(
    `${label.padEnd(44)} ${cpuUs.toFixed(2).padStart(7)} µs CPU ${wallUs.toFixed(2).padStart(8)} µs wall\n`,
  );
}

async function main(): Promise<void> {
  const calls = positiveOption('calls', 200_000);
  const memory = new FixedWindowStore();
  const inMemory = limiterOver(memory);
  await measure('nothing (an await, the floor)', calls, 1, () => Promise.resolve());
  await measure('in memory, one API key', calls, 1, () => inMemory.countApiKey(KEY_ID, reply));
  await measure('in memory, 1,000 client IPs', calls, 1, (i) =>
    inMemory.countPublic(`203.0.${i % 4}.${i % 250}`, reply),
  );
  memory.onModuleDestroy();

  const inFlight = positiveOption('in_flight', 50);
  const redis = redisRateLimitStorage(option('redis_url', 'redis://127.0.0.1:6379'), 'BenchFairUse');
  try {
    await redis.redis.ping();
    const throughRedis = limiterOver(redis);
    const redisCalls = Math.min(calls, 20_000);
    await measure(`Redis, one API key, ${inFlight} in flight`, redisCalls, inFlight, () =>
      throughRedis.countApiKey(KEY_ID, reply),
    );
  } catch (err) {
    process.stdout.write(`Redis not measured: ${(err as Error).message}\n`);
  } finally {
    redis.onModuleDestroy();
  }
}

runBench('bench:fair-use-limiter', main);
