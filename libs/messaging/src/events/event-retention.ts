import { Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EventRetentionPolicy } from '../runtime';
import { recordRetentionDeletes } from '../metrics/event-metrics';
import { OutboxMessage, ProcessedEvent } from './event.entities';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: short transactions, no long lock on a busy table. */
const BATCH = 5000;
/** The first sweep waits a little after start, out of the way of migrations and warm-up. */
const FIRST_SWEEP_MS = 60_000;

/**
 * Deletes what the event tables no longer need: outbox rows published more than
 * `outboxDays` ago, and processed-event records older than `processedEventsDays` (which
 * outlive the stream's max age, so no redelivery finds its record gone). Unpublished
 * outbox rows and dead letters are never touched. Every replica sweeps; the deletes are
 * idempotent, so two at once only share the work.
 */
export class EventRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly service: string,
    private readonly policy: EventRetentionPolicy,
  ) {
    this.logger = new Logger(`EventRetention:${service}`);
  }

  onApplicationBootstrap(): void {
    const tick = () => {
      this.sweeping ??= this.sweep()
        .catch((err: unknown) => this.logger.warn({ err }, 'Event retention sweep failed; will retry'))
        .finally(() => {
          this.sweeping = undefined;
        });
    };
    this.timer = setTimeout(
      () => {
        tick();
        this.timer = setInterval(tick, this.policy.sweepMs).unref();
      },
      Math.min(FIRST_SWEEP_MS, this.policy.sweepMs),
    ).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** One pass; returns the rows deleted from each table. Also called directly by tests. */
  async sweep(now = new Date()): Promise<{ outbox: number; processed_events: number }> {
    const outbox = await this.deleteOlderThan(
      OutboxMessage,
      'id',
      'published_at',
      new Date(now.getTime() - this.policy.outboxDays * DAY_MS),
    );
    const processed = await this.deleteOlderThan(
      ProcessedEvent,
      'ctid',
      'processed_at',
      new Date(now.getTime() - this.policy.processedEventsDays * DAY_MS),
    );
    recordRetentionDeletes(this.service, 'outbox', outbox);
    recordRetentionDeletes(this.service, 'processed_events', processed);
    if (outbox + processed > 0) {
      this.logger.log({ outbox, processed_events: processed }, 'Deleted event rows past their retention');
    }
    return { outbox, processed_events: processed };
  }

  /** Deletes in batches by `key` (a NULL `column` is never older than anything: unpublished rows stay). */
  private async deleteOlderThan(
    entity: typeof OutboxMessage | typeof ProcessedEvent,
    key: 'id' | 'ctid',
    column: string,
    cutoff: Date,
  ): Promise<number> {
    const { schema, tableName } = this.dataSource.getMetadata(entity);
    const escape = (name: string) => this.dataSource.driver.escape(name);
    const table = schema ? `${escape(schema)}.${escape(tableName)}` : escape(tableName);
    let total = 0;
    for (;;) {
      // TypeORM answers a DELETE with [rows, affected count].
      const [, deleted] = await this.dataSource.query<[unknown, number]>(
        `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${column} < $1 LIMIT ${BATCH})`,
        [cutoff],
      );
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }
}
