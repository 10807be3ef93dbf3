import { Logger } from '@nestjs/common';
import {
  AckPolicy,
  DeliverPolicy,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import type { ConsumerMessages, JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { EVENT_STREAM_MAX_AGE_DAYS } from '@app/config';
import { natsConnectionOptions } from '../nats-connection';
import type { NatsConnectionSettings } from '../nats-connection';
import { eventStreamName, qualifyName, qualifySubject } from '../rpc/namespace';
import type { DomainEvent } from './domain-event';
import { serviceOfSubject } from './domain-event';
import { RETRY_AFTER_CRASH_MS } from './event-stream';
import type { ConsumerSubscription, DeliveryHandler, DeliveryOutcome, EventStream } from './event-stream';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Events on NATS JetStream: one stream per emitting service (`<service>.>`), durable pull
 * consumers shared by a service's replicas, explicit acks, redelivery with our backoff.
 * A namespace prefixes subjects and names so environments can share one NATS.
 */
export class JetStreamEventStream implements EventStream {
  private readonly logger = new Logger(JetStreamEventStream.name);
  private connection?: Promise<{ nc: NatsConnection; js: JetStreamClient; jsm: JetStreamManager }>;
  private readonly ensuredStreams = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<ConsumerSubscription>();

  constructor(
    private readonly nats: NatsConnectionSettings,
    private readonly namespace: string,
    private readonly connectionName: string,
  ) {}

  async publish(event: DomainEvent): Promise<void> {
    const service = serviceOfSubject(event.subject);
    await this.ensureStream(service);
    const { js } = await this.clients();
    // msgID makes a re-published outbox row (relay crashed before marking it) a no-op within the dedup window.
    await js.publish(this.qualify(event.subject), JSON.stringify(event), { msgID: event.id });
  }

  async consume(durableName: string, filterSubject: string, handler: DeliveryHandler): Promise<ConsumerSubscription> {
    const service = serviceOfSubject(filterSubject);
    await this.ensureStream(service);
    const { js, jsm } = await this.clients();
    const stream = this.streamName(service);
    const durable = this.qualifyName(durableName);
    await jsm.consumers.info(stream, durable).catch(() =>
      jsm.consumers.add(stream, {
        durable_name: durable,
        filter_subject: this.qualify(filterSubject),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(15_000),
      }),
    );
    const consumer = await js.consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: 16 });
    const subscription = this.runLoop(messages, handler);
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** An ordered consumer (ephemeral, no acks) from the last event per subject on; gone when this process is. */
  async follow(subject: string, handler: (event: DomainEvent) => void): Promise<ConsumerSubscription> {
    const service = serviceOfSubject(subject);
    await this.ensureStream(service);
    const { js } = await this.clients();
    const consumer = await js.consumers.get(this.streamName(service), {
      filter_subjects: this.qualify(subject),
      deliver_policy: DeliverPolicy.LastPerSubject,
    });
    const messages = await consumer.consume();
    const loop = (async () => {
      for await (const message of messages) {
        try {
          handler(message.json<DomainEvent>());
        } catch (err) {
          this.logger.warn({ err }, 'Event follower failed');
        }
      }
    })().catch((err: unknown) => this.logger.error({ err }, 'Event follower loop failed'));
    const subscription: ConsumerSubscription = {
      stop: async () => {
        await messages.close();
        await loop;
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** JetStream's num_pending of the durable consumer: events in the stream it has not been sent yet. */
  async pending(durableName: string, filterSubject: string): Promise<number | undefined> {
    const { jsm } = await this.clients();
    const info = await jsm.consumers.info(
      this.streamName(serviceOfSubject(filterSubject)),
      this.qualifyName(durableName),
    );
    return info.num_pending;
  }

  /** Closes the connection after every consumer has finished the message in hand. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    const clients = await this.connection?.catch(() => undefined);
    if (clients && !clients.nc.isClosed()) await clients.nc.drain();
  }

  private runLoop(messages: ConsumerMessages, handler: DeliveryHandler): ConsumerSubscription {
    let stopping = false;
    const loop = (async () => {
      for await (const message of messages) {
        if (stopping) {
          message.nak(); // prefetched but not started: hand it straight back for another replica
          continue;
        }
        const outcome = await handler(message.json<DomainEvent>(), message.info.deliveryCount).catch(
          // A handler that throws (rather than answering retry) is retried like one that asked to be.
          (err: unknown): DeliveryOutcome => {
            this.logger.warn({ err }, 'Event delivery failed; will redeliver');
            return { kind: 'retry', delayMs: RETRY_AFTER_CRASH_MS };
          },
        );
        if (outcome.kind === 'settled') message.ack();
        else message.nak(outcome.delayMs);
      }
    })().catch((err: unknown) => this.logger.error({ err }, 'Event consumer loop failed'));
    const subscription: ConsumerSubscription = {
      stop: async () => {
        stopping = true;
        await messages.close();
        await loop;
        this.subscriptions.delete(subscription);
      },
    };
    return subscription;
  }

  private ensureStream(service: string): Promise<void> {
    let ensured = this.ensuredStreams.get(service);
    if (!ensured) {
      ensured = this.createStreamIfMissing(service);
      ensured.catch(() => this.ensuredStreams.delete(service));
      this.ensuredStreams.set(service, ensured);
    }
    return ensured;
  }

  private async createStreamIfMissing(service: string): Promise<void> {
    const { jsm } = await this.clients();
    const name = this.streamName(service);
    await jsm.streams.info(name).catch(() =>
      jsm.streams.add({
        name,
        subjects: [`${this.qualify(service)}.>`],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        max_age: nanos(EVENT_STREAM_MAX_AGE_DAYS * DAY_MS),
        duplicate_window: nanos(2 * 60 * 1000),
      }),
    );
  }

  private clients(): Promise<{ nc: NatsConnection; js: JetStreamClient; jsm: JetStreamManager }> {
    this.connection ??= this.connect();
    return this.connection;
  }

  private async connect(): Promise<{ nc: NatsConnection; js: JetStreamClient; jsm: JetStreamManager }> {
    try {
      const nc = await connect(natsConnectionOptions(this.nats, this.connectionName));
      return { nc, js: jetstream(nc), jsm: await jetstreamManager(nc) };
    } catch (err) {
      this.connection = undefined; // let the next call try again
      throw err;
    }
  }

  streamName(service: string): string {
    return eventStreamName(this.namespace, service);
  }

  private qualify(subject: string): string {
    return qualifySubject(this.namespace, subject);
  }

  private qualifyName(name: string): string {
    return qualifyName(this.namespace, name);
  }
}
