import { Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { In, IsNull, Not } from 'typeorm';
import type { DataSource } from 'typeorm';
import { traceEventPublish } from '@app/observability';
import type { DomainEvent } from './domain-event';
import { OutboxMessage } from './event.entities';
import type { EventStream } from './event-stream';
import { outboxChannel } from './create-event-tables.migration';
import { OutboxWakeup } from './outbox-wakeup';

const BATCH_SIZE = 100;
const MAX_IN_FLIGHT = 1000;
/** While notifications arrive, the table is still swept every this many ticks, as a safety net. */
const TICKS_PER_SWEEP = 10;

/**
 * Moves committed outbox rows to the event stream and marks each published once the
 * stream holds it. A row is published at least once; the stream's message id and the
 * consumers' idempotency record make a repeat harmless. Rows are not ordered.
 *
 * A commit wakes it (OutboxWakeup: the outbox trigger's NOTIFY), so an event leaves within
 * milliseconds. Every `pollMs` it ticks: while it listens, a tick reads the table only to retry a
 * failed publish, to take rows a full pass left, or every tenth tick; while it does not, every
 * tick reads it, as before the notifications. An idle service then reads its outbox every
 * 10 × `pollMs` rather than every `pollMs`.
 */
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly inFlight = new Map<string, Promise<void>>();
  private timer?: NodeJS.Timeout;
  private wakeup?: OutboxWakeup;
  private polling?: Promise<void>;
  private stopped = true;
  /** A commit was notified during a pass, which may have read the table before it. */
  private passAgain = false;
  /** A publish failed, or a pass left rows behind: the next tick reads the table. */
  private backlog = false;
  private ticks = 0;

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
    this.stopped = false;
    const { url, extra } = this.dataSource.options as { url: string; extra?: { application_name?: string } };
    this.wakeup = new OutboxWakeup(
      { url, applicationName: extra?.application_name },
      outboxChannel(this.service),
      () => void this.poll(),
      this.logger,
    );
    void this.wakeup.listen();
    this.timer = setInterval(() => this.tick(), this.pollMs);
  }

  /** Stops relaying while its database is still open (it closes in the shutdown hooks). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.wakeup?.close();
    await this.polling;
  }

  /** One pass over unpublished rows; also called directly by tests and after bulk writes. */
  poll(): Promise<void> {
    if (this.polling) {
      this.passAgain = true;
      return this.polling;
    }
    this.polling = this.relay()
      .catch((err: unknown) => {
        this.backlog = true;
        this.logger.warn({ err }, 'Outbox relay pass failed; will retry');
      })
      .finally(() => {
        this.polling = undefined;
        if (this.passAgain && !this.stopped) {
          this.passAgain = false;
          void this.poll();
        }
      });
    return this.polling;
  }

  private tick(): void {
    void this.wakeup?.listen();
    const sweep = ++this.ticks % TICKS_PER_SWEEP === 0;
    if (this.backlog || sweep || !this.wakeup?.listening) void this.poll();
  }

  /** Publishes batch after batch while a full one suggests more are waiting. */
  private async relay(): Promise<void> {
    this.backlog = false;
    for (;;) {
      if (this.inFlight.size >= MAX_IN_FLIGHT) {
        this.backlog = true;
        return;
      }
      const rows = await this.dataSource.getRepository(OutboxMessage).find({
        where: {
          publishedAt: IsNull(),
          ...(this.inFlight.size > 0 ? { id: Not(In([...this.inFlight.keys()])) } : {}),
        },
        order: { createdAt: 'ASC' },
        take: BATCH_SIZE,
      });
      const publishing = rows.map((row) => this.publish(row));
      if (rows.length < BATCH_SIZE || this.stopped) return;
      await Promise.all(publishing);
    }
  }

  private publish(row: OutboxMessage): Promise<void> {
    const publishing = traceEventPublish(row, this.system, (traceparent) =>
      this.stream.publish(toEvent(row, traceparent)),
    )
      .then(() => this.markPublished(row.id))
      .catch((err: unknown) => {
        this.backlog = true;
        this.logger.warn({ err, event_id: row.id }, 'Publishing an event failed; will retry');
      })
      .finally(() => this.inFlight.delete(row.id));
    this.inFlight.set(row.id, publishing);
    return publishing;
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
