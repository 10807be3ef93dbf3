import { hash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { normalizeIp } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { gatewayConfig } from '../config/gateway.env';
import { retryAfterSeconds } from '../identity/rate-limits/rate-limit-keys';
import { FAIR_USE_STORAGE, FAIR_USE_WINDOW_S } from './fair-use.constants';
import { policyField, rateLimitField } from './rate-limit-fields';
import type { QuotaPolicy } from './rate-limit-fields';

interface FairUsePolicy extends QuotaPolicy {
  /** The RateLimit-Policy field, built once. */
  field: string;
  keyPrefix: string;
  ttlMs: number;
}

const STORE_ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * Fair use at the edge (OWASP API4): requests per minute per API key (API_RATE_LIMIT) and per
 * client IP on the public routes (PUBLIC_RATE_LIMIT); 0 turns a limit off. Counts go through
 * @nestjs/throttler's storage interface, in Redis when configured (shared by replicas). Over the
 * quota, the caller waits out one window: 429 `rate_limited` with `retry_after` (the error filter
 * adds Retry-After). Every counted answer carries RateLimit-Policy and RateLimit.
 */
@Injectable()
export class FairUseLimiter {
  private readonly logger = new Logger(FairUseLimiter.name);
  private readonly apiKey?: FairUsePolicy;
  private readonly publicIp?: FairUsePolicy;
  private lastStoreErrorLog = 0;

  constructor(
    @Inject(gatewayConfig.KEY) config: AppConfig<typeof gatewayConfig>,
    @Inject(FAIR_USE_STORAGE) private readonly store: ThrottlerStorage,
  ) {
    const namespace = config.EVENTS_NAMESPACE || 'default';
    this.apiKey = fairUsePolicy('api-key', config.API_RATE_LIMIT, namespace);
    this.publicIp = fairUsePolicy('public', config.PUBLIC_RATE_LIMIT, namespace);
  }

  /** One request made with an API key (its id: not a secret, so counted as it is). */
  countApiKey(apiKeyId: string, reply: FastifyReply): Promise<void> {
    return this.apiKey ? this.count(this.apiKey, apiKeyId, reply) : Promise.resolve();
  }

  /**
   * One request to a public route from `ip` (the address Fastify derives with TRUST_PROXY_HOPS,
   * never a raw X-Forwarded-For). IPv6 counts per /64, as @nestjs/throttler's guard does, so a
   * client cannot rotate addresses within its own subnet; the key holds a hash, not the address.
   */
  countPublic(ip: string, reply: FastifyReply): Promise<void> {
    if (!this.publicIp) return Promise.resolve();
    const hashed = hash('sha256', normalizeIp(ip), 'base64url').slice(0, 22);
    return this.count(this.publicIp, hashed, reply);
  }

  private async count(policy: FairUsePolicy, tracker: string, reply: FastifyReply): Promise<void> {
    const record = await this.increment(policy, tracker);
    if (!record) return;
    reply.header('ratelimit-policy', policy.field);
    if (!record.isBlocked) {
      reply.header('ratelimit', rateLimitField(policy, record.totalHits, record.timeToExpire));
      return;
    }
    const seconds = retryAfterSeconds(record.timeToBlockExpire);
    reply.header('ratelimit', rateLimitField(policy, policy.quota, seconds));
    throw new AppError(
      'rate_limited',
      `Over ${policy.quota} requests a minute. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
      { retry_after: seconds },
    );
  }

  /** A store that does not answer (Redis down) lets the request through: the limit must not take the API down. */
  private async increment(policy: FairUsePolicy, tracker: string) {
    try {
      return await this.store.increment(
        policy.keyPrefix + tracker,
        policy.ttlMs,
        policy.quota,
        policy.ttlMs,
        policy.name,
      );
    } catch (err) {
      const now = Date.now();
      if (now - this.lastStoreErrorLog >= STORE_ERROR_LOG_INTERVAL_MS) {
        this.lastStoreErrorLog = now;
        this.logger.error({ err, policy: policy.name }, 'Fair-use store unavailable; requests allowed');
      }
      return undefined;
    }
  }
}

function fairUsePolicy(name: string, quota: number, namespace: string): FairUsePolicy | undefined {
  if (quota === 0) return undefined;
  const policy = { name, quota, windowSeconds: FAIR_USE_WINDOW_S };
  return {
    ...policy,
    field: policyField(policy),
    keyPrefix: `${namespace}:fair-use:${name}:`,
    ttlMs: FAIR_USE_WINDOW_S * 1000,
  };
}
