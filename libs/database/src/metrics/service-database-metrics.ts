import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { metricsRegistry, readWithin } from '@app/observability';

/** What pg's Pool reports (TypeORM's postgres driver keeps it as `driver.master`). */
interface PgPoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

const databases = new Map<ServiceDatabaseMetrics, { service: string; dataSource: DataSource }>();

function poolOf(dataSource: DataSource): PgPoolStats | undefined {
  return (dataSource.driver as unknown as { master?: PgPoolStats }).master;
}

new Gauge({
  name: 'db_pool_connections',
  help: "Connections in the service's PostgreSQL pool, by state (in_use: lent to a query; idle).",
  labelNames: ['service', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const { service, dataSource } of databases.values()) {
      const pool = poolOf(dataSource);
      if (!pool) continue;
      this.set({ service, state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ service, state: 'idle' }, pool.idleCount);
    }
  },
});

new Gauge({
  name: 'db_pool_waiting_requests',
  help: "Queries waiting for a connection from the service's PostgreSQL pool (all connections in use).",
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const { service, dataSource } of databases.values()) {
      const pool = poolOf(dataSource);
      if (pool) this.set({ service }, pool.waitingCount);
    }
  },
});

new Gauge({
  name: 'db_pool_max_connections',
  help: "The size limit of the service's PostgreSQL pool (DB_POOL_SIZE, at least 2).",
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const { service, dataSource } of databases.values()) {
      const max = poolOf(dataSource)?.options?.max;
      if (max !== undefined) this.set({ service }, max);
    }
  },
});

interface OutboxReading {
  pending: number;
  oldest_age_s: number | null;
}

/** The outbox's unpublished rows, read through the partial index outbox_unpublished_idx (small when healthy). */
async function readOutbox(service: string, dataSource: DataSource): Promise<OutboxReading | undefined> {
  const rows = await dataSource.query<OutboxReading[]>(
    `SELECT count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest_age_s
       FROM "${service}".outbox WHERE published_at IS NULL`,
  );
  return rows[0];
}

const outboxReadings = new Map<string, Promise<OutboxReading | undefined>>();

/** Both outbox gauges come from one query per service and scrape (the first gauge collected starts it). */
function outboxReading(service: string, dataSource: DataSource): Promise<OutboxReading | undefined> {
  let reading = outboxReadings.get(service);
  if (!reading) {
    reading = readWithin(() => readOutbox(service, dataSource));
    outboxReadings.set(service, reading);
    void reading.finally(() => outboxReadings.delete(service));
  }
  return reading;
}

new Gauge({
  name: 'outbox_pending_events',
  help: "Events in the service's outbox not yet published to the stream (the relay's backlog), read at scrape.",
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const { service, dataSource } of databases.values()) {
      const reading = await outboxReading(service, dataSource);
      if (reading) this.set({ service }, reading.pending);
    }
  },
});

new Gauge({
  name: 'outbox_oldest_pending_age_seconds',
  help: 'Age of the oldest unpublished outbox event (0 when the backlog is empty), read at scrape.',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const { service, dataSource } of databases.values()) {
      const reading = await outboxReading(service, dataSource);
      if (reading) this.set({ service }, reading.oldest_age_s ?? 0);
    }
  },
});

/**
 * Puts a service's database (its pool and its outbox) in the process's metrics from start-up
 * to shutdown. One per service DataSource: standalone has six, labelled by service.
 */
export class ServiceDatabaseMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly service: string,
  ) {}

  onApplicationBootstrap(): void {
    databases.set(this, { service: this.service, dataSource: this.dataSource });
  }

  onApplicationShutdown(): void {
    databases.delete(this);
  }
}
