import type { OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Window {
  hits: number;
  resetsAt: number;
  blockedUntil: number;
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * The in-memory store of the fair-use limits (no REDIS_URL: standalone, one gateway). The same
 * fixed window and block as @nest-lab/throttler-storage-redis's script, so both modes answer
 * alike, in O(1) per request: @nestjs/throttler's ThrottlerStorageService keeps a timestamp per
 * hit and filters them all on every request, which grows with the limit (600 a minute per key).
 */
export class FixedWindowStore implements ThrottlerStorage, OnModuleDestroy {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper = setInterval(() => this.sweep(Date.now()), SWEEP_INTERVAL_MS).unref();

  increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      // A blocked client stays blocked across a new window (as in Redis, where the block is its own key).
      window = { hits: 0, resetsAt: now + ttl, blockedUntil: window?.blockedUntil ?? 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    if (window.blockedUntil <= now && window.hits > limit) window.blockedUntil = now + blockDuration;
    const isBlocked = window.blockedUntil > now;
    return Promise.resolve({
      totalHits: window.hits,
      timeToExpire: Math.ceil((window.resetsAt - now) / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((window.blockedUntil - now) / 1000) : 0,
    });
  }

  /** Forgets the windows that ended and hold no block, so idle clients cost no memory. */
  sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetsAt <= now && window.blockedUntil <= now) this.windows.delete(key);
    }
  }

  get size(): number {
    return this.windows.size;
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}
