import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { DomainEvent } from './domain-event';
import { retryDelayMs } from './domain-event';
import { DeadLetter, ProcessedEvent } from './event.entities';
import type { DeliveryOutcome } from './event-stream';
import type { EventHandlerMethod } from './event-consumer.decorator';
import { recordDeadLetter as countDeadLetter } from '../metrics/event-metrics';

export interface DeliveryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
}

const logger = new Logger('EventDelivery');

/**
 * One delivery of one event to one consumer: skip it if already settled, else run the
 * handler in a transaction with its idempotency record; on failure retry with backoff
 * until the last attempt, then keep a dead letter and settle.
 */
export async function deliverEvent(
  dataSource: DataSource,
  consumer: string,
  handler: EventHandlerMethod,
  event: DomainEvent,
  attempt: number,
  policy: DeliveryPolicy,
): Promise<DeliveryOutcome> {
  try {
    await dataSource.transaction(async (tx) => {
      const claimed = await tx
        .createQueryBuilder()
        .insert()
        .into(ProcessedEvent)
        .values({ consumer, eventId: event.id })
        .orIgnore()
        .returning(['event_id'])
        .execute();
      if ((claimed.raw as unknown[]).length === 0) return; // settled before: a redelivery
      await handler(event, tx);
    });
    return { kind: 'settled' };
  } catch (err) {
    if (attempt < policy.maxAttempts) {
      logger.warn({ err, consumer, event_id: event.id, attempt }, 'Event handler failed; will retry');
      return { kind: 'retry', delayMs: retryDelayMs(attempt, policy.retryBaseMs) };
    }
    logger.error({ err, consumer, event_id: event.id, attempt }, 'Event handler failed for the last time');
    await recordDeadLetter(dataSource, consumer, event, attempt, err);
    countDeadLetter(consumer);
    return { kind: 'settled' };
  }
}

async function recordDeadLetter(
  dataSource: DataSource,
  consumer: string,
  event: DomainEvent,
  attempts: number,
  err: unknown,
): Promise<void> {
  await dataSource.transaction(async (tx) => {
    await tx
      .createQueryBuilder()
      .insert()
      .into(DeadLetter)
      .values({
        consumer,
        eventId: event.id,
        subject: event.subject,
        event: event as unknown as object,
        error: err instanceof Error ? err.message : String(err),
        attempts,
      })
      .orIgnore()
      .execute();
    await tx
      .createQueryBuilder()
      .insert()
      .into(ProcessedEvent)
      .values({ consumer, eventId: event.id })
      .orIgnore()
      .execute();
  });
}
