import { Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { In, IsNull, Not } from 'typeorm';
import type { DataSource } from 'typeorm';
import { traceEventPublish } from '@app/observability';
import type { DomainEvent } from './domain-event';
import { OutboxMessage } from './event.entities';
import type { EventStream } from './event-stream';

const BATCH_SIZE = 100;
const MAX_IN_FLIGHT = 1000;

/**
 * Moves committed outbox rows to the event stream and marks each published once the
 * stream holds it. A row is published at least once; the stream's message id and the
 * consumers' idempotency record make a repeat harmless. Rows are not ordered.
 */
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly inFlight = new Map<string, Promise<void>>();
  private timer?: NodeJS.Timeout;
  private polling?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly stream: EventStream,
    private readonly service: string,
    private readonly pollMs: number,
    /** `messaging.system` of the publish spans: `nats` (JetStream) or `in_process`. */
    private readonly system = 'nats',
  ) {
    this.logger = new Logger(`OutboxRelay:${service}`);
  }

  // Bootstrap runs after every consumer attached in onModuleInit, so standalone consumers see every event.
  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.poll(), this.pollMs);
  }

  /** Stops polling while its database is still open (it closes in the shutdown hooks). */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.polling;
  }

  /** One pass over unpublished rows; also called directly by tests and after bulk writes. */
  poll(): Promise<void> {
    this.polling ??= this.relayBatch()
      .catch((err: unknown) => this.logger.warn({ err }, 'Outbox relay pass failed; will retry'))
      .finally(() => {
        this.polling = undefined;
      });
    return this.polling;
  }

  private async relayBatch(): Promise<void> {
    if (this.inFlight.size >= MAX_IN_FLIGHT) return;
    const rows = await this.dataSource.getRepository(OutboxMessage).find({
      where: { publishedAt: IsNull(), ...(this.inFlight.size > 0 ? { id: Not(In([...this.inFlight.keys()])) } : {}) },
      order: { createdAt: 'ASC' },
      take: BATCH_SIZE,
    });
    for (const row of rows) {
      const publishing = traceEventPublish(row, this.system, (traceparent) =>
        this.stream.publish(toEvent(row, traceparent)),
      )
        .then(() => this.markPublished(row.id))
        .catch((err: unknown) => this.logger.warn({ err, event_id: row.id }, 'Publishing an event failed; will retry'))
        .finally(() => this.inFlight.delete(row.id));
      this.inFlight.set(row.id, publishing);
    }
  }

  private async markPublished(id: string): Promise<void> {
    await this.dataSource.getRepository(OutboxMessage).update({ id }, { publishedAt: new Date() });
  }
}

function toEvent(row: OutboxMessage, traceparent: string | undefined): DomainEvent {
  return {
    id: row.id,
    subject: row.subject,
    occurred_at: row.createdAt.toISOString(),
    ...(row.requestId ? { request_id: row.requestId } : {}),
    ...(traceparent ? { traceparent } : {}),
    payload: row.payload,
  };
}
