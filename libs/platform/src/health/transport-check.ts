import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/nats-core';
import type { RuntimeMode } from '@app/messaging';

const FLUSH_TIMEOUT_MS = 1000;

/** `kind` first, then `status`: the order the probes have always printed. */
export type TransportState =
  { kind: 'in-process' | 'nats'; status: 'up' } | { kind: 'nats'; status: 'down'; message: string };

/** The transport answers: a NATS round trip (flush) in distributed mode; always in-process. */
export async function checkTransport(client: ClientProxy, mode: RuntimeMode): Promise<TransportState> {
  if (mode === 'standalone') return { kind: 'in-process', status: 'up' };
  try {
    await client.connect();
    const connection = client.unwrap<NatsConnection>();
    await withTimeout(connection.flush(), FLUSH_TIMEOUT_MS);
    return { kind: 'nats', status: 'up' };
  } catch (err) {
    return { kind: 'nats', status: 'down', message: err instanceof Error ? err.message : 'unreachable' };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
