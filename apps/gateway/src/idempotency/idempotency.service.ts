import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@app/errors';
import { PeriodicTask } from '@app/platform';
import { digest, openAnswer, requestFingerprint, sealAnswer } from './idempotency-crypto';
import { IdempotencyRepository } from './idempotency.repository';
import type { IdempotencyTarget, StoredAnswer } from './idempotency.repository';
import { awaitAnswer } from './idempotent-replies';

/** How long a key keeps its answer (docs/api.md). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A claim not renewed for this long belongs to a replica that died: another request may take it. */
const LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;
/** A claim is renewed at most this long (a request that never answers must not hold its key forever). */
const MAX_HOLD_MS = 15 * 60_000;
/** A request sent while the first with its key still runs waits this long for its answer, then 409. */
const MAX_WAIT_MS = 120_000;
const SWEEP_EVERY_MS = 3_600_000;
const SWEEP_BATCH = 10_000;

/** A POST sent with an Idempotency-Key by an identified caller. */
export interface KeyedRequest {
  /** Whose keys: `account:<id>`, `workspace:<id>` (an API key) or `token:<digest>` (a visitor). */
  scope: string;
  method: string;
  /** The route template: keys are per route. */
  route: string;
  /** The URL as sent: part of what makes a retry the same request. */
  url: string;
  key: string;
}

/** Thrown before the handler runs: the key already has this answer; the interceptor sends it. */
export class IdempotentReplay extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('idempotent replay');
  }
}

/**
 * The one Idempotency-Key rule of the REST API (docs/api.md): the first request with a key runs
 * and its success is kept 24 hours; the same key and request again gets that answer, byte for
 * byte, without running; the same key with another request gets 422 `idempotency_key_reused`;
 * while the first still runs the others wait for its answer. An error answer is not kept:
 * nothing was made, and a retry runs again (after buying credit, after the rate-limit window).
 */
@Injectable()
export class IdempotencyService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IdempotencyService.name);
  private readonly sweeper: PeriodicTask;

  constructor(private readonly repository: IdempotencyRepository) {
    this.sweeper = new PeriodicTask(() => this.sweep(), this.logger, 'Sweeping expired idempotency keys failed');
  }

  onApplicationBootstrap(): void {
    this.sweeper.start(SWEEP_EVERY_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweeper.stop();
  }

  /**
   * Takes the key for this request (its answer then settles it) or, when the key already has an
   * answer for the same request, throws IdempotentReplay with it. `body` is the canonical body,
   * or the digest of an upload.
   */
  async begin(request: KeyedRequest, body: string, http: FastifyRequest): Promise<void> {
    const target: IdempotencyTarget = {
      scope: request.scope,
      method: request.method,
      route: request.route,
      keyHash: digest(request.key),
    };
    const fingerprint = requestFingerprint(request.method, request.url, body);
    const context = `${request.scope} ${request.method} ${request.route}`;
    const owner = randomUUID();
    const deadline = Date.now() + MAX_WAIT_MS;
    for (let pause = 25; ; pause = Math.min(pause * 1.5, 500)) {
      const id = await this.repository.claim(target, fingerprint, owner, LEASE_MS, IDEMPOTENCY_TTL_MS);
      if (id) {
        awaitAnswer(http, this.holding(id, owner, request.key, context));
        return;
      }
      const row = await this.repository.find(target);
      if (row && row.request_hash !== fingerprint) {
        throw new AppError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used for another request (another body or target); use a new key.',
        );
      }
      if (row?.state === 'done' && row.status !== null && row.body !== null) {
        throw new IdempotentReplay({
          status: row.status,
          contentType: row.content_type,
          body: openAnswer(row.body, request.key, context),
        });
      }
      // Still running (or given back, or its replica dead: the next claim takes it): wait.
      if (row?.lease_alive && Date.now() > deadline) {
        throw new AppError(
          'idempotency_conflict',
          'A request with this Idempotency-Key is still in progress; retry shortly.',
        );
      }
      if (row?.lease_alive) await sleep(pause);
    }
  }

  /** The claim while its request runs: renewed, then kept with the answer or given back. */
  private holding(id: string, owner: string, key: string, context: string) {
    const started = Date.now();
    const renewal = setInterval(() => {
      if (Date.now() - started > MAX_HOLD_MS) return clearInterval(renewal);
      this.repository
        .renew(id, owner, LEASE_MS)
        .catch((err: unknown) => this.logger.warn({ err }, 'Renewing an idempotency claim failed'));
    }, RENEW_EVERY_MS);
    renewal.unref();
    const giveBack = async () => {
      clearInterval(renewal);
      await this.repository
        .release(id, owner)
        .catch((err: unknown) => this.logger.error({ err }, 'Releasing an idempotency claim failed'));
    };
    return {
      settle: async (status: number, contentType: string | undefined, payload: unknown) => {
        const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
        if (status < 200 || status >= 300 || body === null) return giveBack();
        clearInterval(renewal);
        // Not stored: the lease lapses and a retry runs again, as after a crash.
        await this.repository
          .complete(id, owner, { status, contentType: contentType ?? null, body: sealAnswer(body, key, context) })
          .catch((err: unknown) => this.logger.error({ err }, 'Storing an idempotent answer failed'));
      },
      abandon: giveBack,
    };
  }

  private async sweep(): Promise<void> {
    let deleted: number;
    do deleted = await this.repository.deleteExpired(SWEEP_BATCH);
    while (deleted === SWEEP_BATCH);
  }
}
