import { Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DatabaseModule, outboxRelayToken } from '@app/database';
import { EVENT_STREAM, EventConsumer, EventConsumersExplorer, OnEvent, Outbox } from '@app/messaging';
import type { DomainEvent, EventRetention, EventStream, OutboxRelay } from '@app/messaging';
import { metricsRegistry } from '@app/observability';
import { describeE2e } from '../harness/mode';
import { startServiceApp } from '../harness/service-app';
import type { ServiceApp } from '../harness/service-app';
import { until } from '../harness/eventually';

const SERVICE = 'probe';
const SUBJECT = 'probe.parcel.shipped.v1';
const CONSUMER = 'probe-recorder';

interface Parcel {
  label: string;
  /** Fail this many deliveries before succeeding; -1 = always fail. */
  failures?: number;
}

/** Records what it handled; fails on demand to exercise retries and dead letters. */
@Injectable()
@EventConsumer(SERVICE)
class ParcelRecorder {
  readonly handled: string[] = [];
  readonly attempts = new Map<string, number>();

  @OnEvent({ subject: SUBJECT, name: 'recorder' })
  async onShipped(event: DomainEvent<Parcel>): Promise<void> {
    const attempt = (this.attempts.get(event.payload.label) ?? 0) + 1;
    this.attempts.set(event.payload.label, attempt);
    const failures = event.payload.failures ?? 0;
    if (failures === -1 || attempt <= failures) throw new Error(`refusing ${event.payload.label} (attempt ${attempt})`);
    this.handled.push(event.payload.label);
    await Promise.resolve();
  }
}

/** Events arrive within milliseconds here: checked often. */
const POLL_MS = 25;

describeE2e('events: outbox, relay, durable consumers', () => {
  let service: ServiceApp;
  let recorder: ParcelRecorder;
  let dataSource: DataSource;
  let outbox: Outbox;
  let consumers: EventConsumersExplorer;

  const emit = (parcels: Parcel[]) =>
    dataSource.transaction(async (tx) => {
      for (const parcel of parcels) await outbox.add(tx, SUBJECT, parcel);
    });
  const count = (labels: string[]) => recorder.handled.filter((label) => labels.includes(label)).length;

  beforeAll(async () => {
    service = await startServiceApp({
      imports: [DatabaseModule.forService({ service: SERVICE, entities: [], migrations: [] })],
      providers: [ParcelRecorder],
    });
    recorder = service.app.get(ParcelRecorder);
    dataSource = service.app.get<DataSource>(getDataSourceToken(SERVICE));
    outbox = service.app.get(Outbox);
    consumers = service.app.get(EventConsumersExplorer);
  });

  afterAll(() => service?.close());

  it('should deliver each committed event once and mark its outbox row published', async () => {
    const labels = ['a1', 'a2', 'a3', 'a4', 'a5'];
    await emit(labels.map((label) => ({ label })));
    await until(() => count(labels) === 5, 15_000, POLL_MS);
    await until(
      async () => {
        const [{ pending }] = await dataSource.query<{ pending: string }[]>(
          `SELECT count(*) AS pending FROM "${SERVICE}"."outbox" WHERE published_at IS NULL`,
        );
        return pending === '0';
      },
      15_000,
      POLL_MS,
    );
    expect(recorder.handled.filter((l) => labels.includes(l)).sort()).toEqual(labels);
  });

  it('should never deliver an event whose transaction rolled back', async () => {
    await dataSource
      .transaction(async (tx) => {
        await outbox.add(tx, SUBJECT, { label: 'ghost' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await emit([{ label: 'after-ghost' }]);
    await until(() => count(['after-ghost']) === 1, 15_000, POLL_MS);
    expect(recorder.handled).not.toContain('ghost');
  });

  it('should hold events while the consumer is stopped and handle each once after it restarts', async () => {
    await consumers.stop(CONSUMER);
    const labels = ['s1', 's2', 's3', 's4', 's5', 's6'];
    await emit(labels.map((label) => ({ label })));
    await new Promise((resolve) => setTimeout(resolve, 600)); // the relay runs every 50 ms meanwhile
    expect(count(labels)).toBe(0);

    await consumers.start(CONSUMER);
    await until(() => count(labels) === labels.length, 15_000, POLL_MS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(recorder.handled.filter((l) => labels.includes(l)).sort()).toEqual(labels);
  });

  it('should handle an event once when the stream delivers it twice', async () => {
    const stream = service.app.get<EventStream>(EVENT_STREAM);
    const event: DomainEvent<Parcel> = {
      id: '6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b',
      subject: SUBJECT,
      occurred_at: new Date().toISOString(),
      payload: { label: 'twice' },
    };
    await stream.publish(event);
    await stream.publish(event);
    await until(() => count(['twice']) === 1, 15_000, POLL_MS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(count(['twice'])).toBe(1);
  });

  it('should retry with backoff and handle once when a handler fails then succeeds', async () => {
    await emit([{ label: 'flaky', failures: 2 }]);
    await until(() => count(['flaky']) === 1, 15_000, POLL_MS);
    expect(recorder.attempts.get('flaky')).toBe(3);
  });

  it('should keep a dead letter after the last attempt when a handler always fails', async () => {
    await emit([{ label: 'doomed', failures: -1 }]);
    await until(
      async () => {
        const rows = await dataSource.query<{ consumer: string }[]>(
          `SELECT consumer FROM "${SERVICE}"."dead_letters" WHERE event->'payload'->>'label' = 'doomed'`,
        );
        return rows.length === 1;
      },
      15_000,
      POLL_MS,
    );
    const [letter] = await dataSource.query<{ consumer: string; attempts: number; error: string; subject: string }[]>(
      `SELECT consumer, attempts, error, subject FROM "${SERVICE}"."dead_letters" WHERE event->'payload'->>'label' = 'doomed'`,
    );
    expect(letter).toEqual({ consumer: CONSUMER, attempts: 3, error: 'refusing doomed (attempt 3)', subject: SUBJECT });
    expect(recorder.attempts.get('doomed')).toBe(3);
    expect(count(['doomed'])).toBe(0);
  });
  describe('retention, with the relay paused (it would publish the old unpublished row)', () => {
    let relay: OutboxRelay;
    const DAY = 24 * 60 * 60 * 1000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const table = (name: string) => `"${SERVICE}"."${name}"`;
    const labelsOf = async (where: string) =>
      (
        await dataSource.query<{ label: string }[]>(
          `SELECT payload->>'label' AS label FROM ${table('outbox')} WHERE payload->>'label' LIKE 'kept-%' OR payload->>'label' LIKE 'old-%' ${where} ORDER BY 1`,
        )
      ).map((row) => row.label);
    const deletedRows = async (tableName: string) => {
      const metric = await metricsRegistry.getSingleMetric('event_retention_deleted_rows_total')?.get();
      return metric?.values.find((v) => v.labels.service === SERVICE && v.labels.table === tableName)?.value ?? 0;
    };
    const insertOutbox = (label: string, createdAt: Date, publishedAt: Date | null) =>
      dataSource.query(
        `INSERT INTO ${table('outbox')} (id, subject, payload, created_at, published_at) VALUES (gen_random_uuid(), $1, $2, $3, $4)`,
        [SUBJECT, { label }, createdAt, publishedAt],
      );

    beforeAll(async () => {
      relay = service.app.get<OutboxRelay>(outboxRelayToken(SERVICE));
      await relay.beforeApplicationShutdown();
    });

    afterAll(() => relay.onApplicationBootstrap());

    it('should delete published outbox rows and processed records past their retention, and nothing else', async () => {
      await insertOutbox('old-published', ago(9 * DAY), ago(8 * DAY));
      await insertOutbox('kept-recently-published', ago(2 * DAY), ago(1 * DAY));
      await insertOutbox('kept-never-published', ago(30 * DAY), null);
      await dataSource.query(
        `INSERT INTO ${table('processed_events')} (consumer, event_id, processed_at) VALUES ('retention-probe', gen_random_uuid(), $1), ('retention-probe', gen_random_uuid(), $2)`,
        [ago(16 * DAY), ago(14 * DAY)],
      );
      await dataSource.query(
        `INSERT INTO ${table('dead_letters')} (consumer, event_id, subject, event, error, attempts, failed_at) VALUES ('retention-probe', gen_random_uuid(), $1, '{}', 'kept for an operator', 5, $2)`,
        [SUBJECT, ago(60 * DAY)],
      );
      const before = { outbox: await deletedRows('outbox'), processed: await deletedRows('processed_events') };

      const deleted = await service.app.get<EventRetention>(`EventRetention:${SERVICE}`).sweep();

      expect(deleted).toEqual({ outbox: 1, processed_events: 1 });
      expect(await labelsOf('')).toEqual(['kept-never-published', 'kept-recently-published']);
      const processed = await dataSource.query<{ days: number }[]>(
        `SELECT round(extract(epoch from now() - processed_at) / 86400)::int AS days FROM ${table('processed_events')} WHERE consumer = 'retention-probe'`,
      );
      expect(processed).toEqual([{ days: 14 }]);
      const letters = await dataSource.query<unknown[]>(
        `SELECT 1 FROM ${table('dead_letters')} WHERE consumer = 'retention-probe'`,
      );
      expect(letters).toHaveLength(1);
      expect(await deletedRows('outbox')).toBe(before.outbox + 1);
      expect(await deletedRows('processed_events')).toBe(before.processed + 1);
    });
  });
});

describeE2e('events: a commit wakes the relay', () => {
  /** Started with a relay that would read its outbox once a minute: only the commit's notification is faster. */
  const startProbe = async (outboxPollMs: number) => {
    const service = await startServiceApp(
      {
        imports: [DatabaseModule.forService({ service: SERVICE, entities: [], migrations: [] })],
        providers: [ParcelRecorder],
      },
      { outboxPollMs },
    );
    const dataSource = service.app.get<DataSource>(getDataSourceToken(SERVICE));
    const outbox = service.app.get(Outbox);
    const recorder = service.app.get(ParcelRecorder);
    return {
      service,
      dataSource,
      emit: (labels: string[]) =>
        dataSource.transaction(async (tx) => {
          for (const label of labels) await outbox.add(tx, SUBJECT, { label });
        }),
      count: (labels: string[]) => recorder.handled.filter((label) => labels.includes(label)).length,
      /** The backend of the relay's LISTEN connection, if it has one. */
      listener: async (): Promise<number | undefined> =>
        (
          await dataSource.query<{ pid: number }[]>(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
            [`LISTEN "outbox_${SERVICE}"`],
          )
        )[0]?.pid,
    };
  };

  describe('with the relay ticking once a minute', () => {
    let probe: Awaited<ReturnType<typeof startProbe>>;
    beforeAll(async () => {
      probe = await startProbe(60_000);
      await until(async () => (await probe.listener()) !== undefined, 15_000, POLL_MS);
    });
    afterAll(() => probe?.service.close());

    it('should publish an event as soon as its transaction commits, not at the next sweep', async () => {
      await probe.emit(['woken']);
      await until(() => probe.count(['woken']) === 1, 5_000, POLL_MS);
    });

    it('should publish a burst larger than one batch (250 events in one commit) without waiting for a sweep', async () => {
      const labels = Array.from({ length: 250 }, (_, i) => `burst-${i}`);
      await probe.emit(labels);
      await until(() => probe.count(labels) === labels.length, 10_000, POLL_MS);
      // Every row marked published too, still well before the minute's sweep: the relay marks a
      // batch after NATS acknowledged it, so the consumer can see the last events a moment earlier.
      const pending = async () =>
        (
          await probe.dataSource.query<{ pending: string }[]>(
            `SELECT count(*) AS pending FROM "${SERVICE}"."outbox" WHERE published_at IS NULL`,
          )
        )[0].pending;
      await until(async () => (await pending()) === '0', 10_000, POLL_MS);
    });
  });

  it('should lose no event when its LISTEN connection is cut, and listen again', async () => {
    const probe = await startProbe(500);
    try {
      await until(async () => (await probe.listener()) !== undefined, 15_000, POLL_MS);
      const cut = (await probe.listener())!;
      await probe.dataSource.query('SELECT pg_terminate_backend($1)', [cut]);
      await probe.emit(['while-cut']);
      await until(() => probe.count(['while-cut']) === 1, 10_000, POLL_MS);
      await until(async () => ![undefined, cut].includes(await probe.listener()), 10_000, POLL_MS);
    } finally {
      await probe.service.close();
    }
  });
});
