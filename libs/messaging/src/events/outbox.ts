import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { currentRequestId, currentTraceparent } from '@app/observability';
import { OutboxMessage } from './event.entities';

/**
 * Records an event in the same transaction as the change it describes: if the change
 * commits, the event will be published (by the relay); if it rolls back, it never existed.
 */
@Injectable()
export class Outbox {
  async add<T>(tx: EntityManager, subject: string, payload: T): Promise<string> {
    const id = randomUUID();
    await tx.insert(OutboxMessage, {
      id,
      subject,
      payload: payload as object,
      requestId: currentRequestId() ?? null,
      traceparent: currentTraceparent() ?? null,
    });
    return id;
  }
}
