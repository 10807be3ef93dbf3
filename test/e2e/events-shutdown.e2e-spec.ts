import { Injectable } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DatabaseModule } from '@app/database';
import { EventConsumer, OnEvent, Outbox } from '@app/messaging';
import { withClient } from '../harness/databases';
import { describeE2e, e2eMode } from '../harness/mode';
import { startServiceApp } from '../harness/service-app';
import type { ServiceApp } from '../harness/service-app';
import { until } from '../harness/eventually';

const SERVICE = 'probe';
const SUBJECT = 'probe.parcel.shipped.v1';
/** More consumers than the test process's pool has connections (5): some deliveries wait for one. */
const CONSUMERS = 8;

/** The durable consumer names whose handler started, and whose handler returned. */
const progress = { entered: [] as string[], finished: [] as string[] };

/** A consumer whose handler holds its transaction's connection for a while. */
function slowConsumer(name: string): Type {
  @Injectable()
  @EventConsumer(SERVICE)
  class SlowConsumer {
    @OnEvent({ subject: SUBJECT, name })
    async onShipped(_event: unknown, tx: EntityManager): Promise<void> {
      progress.entered.push(`${SERVICE}-${name}`);
      await tx.query('SELECT pg_sleep(0.4)');
      progress.finished.push(`${SERVICE}-${name}`);
    }
  }
  return SlowConsumer;
}

describeE2e('events at shutdown', () => {
  let service: ServiceApp;

  beforeAll(async () => {
    service = await startServiceApp({
      imports: [DatabaseModule.forService({ service: SERVICE, entities: [], migrations: [] })],
      providers: Array.from({ length: CONSUMERS }, (_, i) => slowConsumer(`slow-${i}`)),
    });
  });

  afterAll(() => service?.close());

  // The service databases close in Nest's last shutdown hooks: a delivery still running then is
  // cut off, and one still waiting for a pool connection waits forever (and the close with it).
  it('should finish every delivery in hand, those waiting for a connection too, before the database closes', async () => {
    const dataSource = service.app.get<DataSource>(getDataSourceToken(SERVICE));
    const outbox = service.app.get(Outbox);
    await dataSource.transaction((tx) => outbox.add(tx, SUBJECT, { label: 'last-parcel' }));
    await until(() => progress.entered.length > 0, 15_000, 10);

    await service.closeApp();

    // What was in hand finished and was recorded as handled; nothing was cut off.
    expect(progress.finished.sort()).toEqual(progress.entered.sort());
    const settled = await withClient(service.database.url, (client) =>
      client.query<{ consumer: string }>(`SELECT consumer FROM "${SERVICE}".processed_events`),
    );
    expect(settled.rows.map((row) => row.consumer).sort()).toEqual(progress.finished);
    // In one process the stream hands the event to every consumer at once: all were in hand,
    // three of them waiting for a connection. (Over JetStream a consumer not yet sent it keeps it.)
    if (e2eMode === 'standalone') expect(progress.finished).toHaveLength(CONSUMERS);
  });
});
