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

  /** Several events of one subject in one insert (an event per match of a publish, say); their ids in order. */
  async addMany<T>(tx: EntityManager, subject: string, payloads: T[]): Promise<string[]> {
    if (payloads.length === 0) return [];
    const requestId = currentRequestId() ?? null;
    const traceparent = currentTraceparent() ?? null;
    const rows = payloads.map((payload) => ({
      id: randomUUID(),
      subject,
      payload: payload as object,
      requestId,
      traceparent,
    }));
    await tx.insert(OutboxMessage, rows);
    return rows.map((row) => row.id);
  }
}
