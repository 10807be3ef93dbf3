import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { natsConnectionOptions } from '../nats-connection';
import type { NatsConnectionSettings } from '../nats-connection';
import { jsonCopy } from '../rpc/json-copy';
import { qualifySubject } from '../rpc/namespace';

/**
 * Fire-and-forget fan-out to every process that listens (live chat updates): unlike events,
 * nothing is stored or retried, and unlike RPC no queue group, so every gateway replica
 * receives each message. Distributed: NATS core subjects in the environment's namespace;
 * standalone: an in-process emitter.
 */
export interface LiveChannel {
  publish(subject: string, payload: unknown): Promise<void>;
  /** Returns the function that stops the subscription. */
  subscribe(subject: string, handler: (payload: unknown) => void): Promise<() => void>;
  close(): Promise<void>;
}

export const LIVE_CHANNEL = Symbol('LIVE_CHANNEL');

export class InProcessLiveChannel implements LiveChannel {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(subject: string, payload: unknown): Promise<void> {
    // A JSON copy, as NATS would deliver it.
    const copy: unknown = jsonCopy(payload);
    setImmediate(() => this.emitter.emit(subject, copy));
    return Promise.resolve();
  }

  subscribe(subject: string, handler: (payload: unknown) => void): Promise<() => void> {
    this.emitter.on(subject, handler);
    return Promise.resolve(() => this.emitter.off(subject, handler));
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}

export class NatsLiveChannel implements LiveChannel {
  private readonly logger = new Logger(NatsLiveChannel.name);
  private connection?: Promise<NatsConnection>;

  constructor(
    private readonly nats: NatsConnectionSettings,
    private readonly namespace: string,
    private readonly connectionName: string,
  ) {}

  async publish(subject: string, payload: unknown): Promise<void> {
    const nc = await this.connect();
    nc.publish(qualifySubject(this.namespace, subject), JSON.stringify(payload));
  }

  async subscribe(subject: string, handler: (payload: unknown) => void): Promise<() => void> {
    const nc = await this.connect();
    const subscription = nc.subscribe(qualifySubject(this.namespace, subject), {
      callback: (err, message) => {
        if (err) {
          this.logger.warn({ err }, 'Live subscription error');
          return;
        }
        try {
          handler(message.json<unknown>());
        } catch (error) {
          this.logger.warn({ err: error }, 'Live message handler failed');
        }
      },
    });
    // A round trip to the server, so a publish made after this returns is delivered to us.
    await nc.flush();
    return () => subscription.unsubscribe();
  }

  async close(): Promise<void> {
    const nc = await this.connection?.catch(() => undefined);
    if (nc && !nc.isClosed()) await nc.drain();
  }

  /** Once connected the client reconnects by itself; a first attempt that fails is not kept, so the next call retries. */
  private connect(): Promise<NatsConnection> {
    this.connection ??= connect(natsConnectionOptions(this.nats, this.connectionName)).catch((err: unknown) => {
      this.connection = undefined;
      throw err;
    });
    return this.connection;
  }
}
