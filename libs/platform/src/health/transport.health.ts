import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { HealthIndicatorResult } from '@nestjs/terminus';
import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import { RUNTIME_OPTIONS, TRANSPORT_CLIENT } from '@app/messaging';
import type { RuntimeOptions } from '@app/messaging';

const FLUSH_TIMEOUT_MS = 1000;

/** Ready when the transport answers: a NATS round trip (flush) in distributed mode; always in-process. */
@Injectable()
export class TransportHealthIndicator {
  constructor(
    private readonly health: HealthIndicatorService,
    @Inject(TRANSPORT_CLIENT) private readonly client: ClientProxy,
    @Inject(RUNTIME_OPTIONS) private readonly runtime: RuntimeOptions,
  ) {}

  async check(key = 'transport'): Promise<HealthIndicatorResult> {
    const indicator = this.health.check(key);
    if (this.runtime.mode === 'standalone') return indicator.up({ kind: 'in-process' });
    try {
      await this.client.connect();
      const connection = this.client.unwrap<NatsConnection>();
      await withTimeout(connection.flush(), FLUSH_TIMEOUT_MS);
      return indicator.up({ kind: 'nats' });
    } catch (err) {
      return indicator.down({ kind: 'nats', message: err instanceof Error ? err.message : 'unreachable' });
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
