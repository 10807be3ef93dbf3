import { Counter, Gauge, Histogram } from 'prom-client';
import { ChildCache, LATENCY_BUCKETS, metricsRegistry, readWithin } from '@app/observability';
import type { DeliveryHandler } from '../events/event-stream';

const deliveries = new Counter({
  name: 'event_deliveries_total',
  help: 'Deliveries of events to a durable consumer, by consumer and outcome (settled, or retry later).',
  labelNames: ['consumer', 'outcome'] as const,
  registers: [metricsRegistry],
});
const redeliveries = new Counter({
  name: 'event_redeliveries_total',
  help: 'Deliveries that were a second or later attempt of the same event, by consumer.',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
});
const deadLetters = new Counter({
  name: 'event_dead_letters_total',
  help: 'Events that failed their last attempt and were kept as dead letters, by consumer.',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
});
const handling = new Histogram({
  name: 'event_delivery_duration_seconds',
  help: 'Time to handle one delivery (the handler and its idempotency record), by consumer.',
  labelNames: ['consumer'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Reads each durable consumer's count of events not yet delivered. */
export type ConsumerLagSource = () => Promise<[consumer: string, pending: number][]>;
const lagSources = new Set<ConsumerLagSource>();

new Gauge({
  name: 'event_consumer_pending_messages',
  help: 'Events in the stream not yet delivered to the durable consumer (JetStream num_pending), read at scrape.',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    const readings = await Promise.all([...lagSources].map((source) => readWithin(source)));
    for (const [consumer, pending] of readings.flatMap((reading) => reading ?? [])) this.set({ consumer }, pending);
  },
});

/** Adds a source of consumer lag; returns its removal (at shutdown). */
export function registerConsumerLag(source: ConsumerLagSource): () => void {
  lagSources.add(source);
  return () => lagSources.delete(source);
}

const outcomes = new ChildCache((consumer, outcome) => deliveries.labels(String(consumer), String(outcome)));

/** A consumer's delivery handler that counts and times each delivery. */
export function measuredDelivery(consumer: string, deliver: DeliveryHandler): DeliveryHandler {
  const redelivered = redeliveries.labels(consumer);
  const time = handling.labels(consumer);
  return async (event, attempt) => {
    if (attempt > 1) redelivered.inc();
    const end = time.startTimer();
    try {
      const outcome = await deliver(event, attempt);
      outcomes.get(consumer, outcome.kind).inc();
      return outcome;
    } finally {
      end();
    }
  };
}

export function recordDeadLetter(consumer: string): void {
  deadLetters.labels(consumer).inc();
}

const retentionDeletes = new Counter({
  name: 'event_retention_deleted_rows_total',
  help: 'Rows the retention sweep deleted, by service and table (outbox: published rows; processed_events).',
  labelNames: ['service', 'table'] as const,
  registers: [metricsRegistry],
});

export function recordRetentionDeletes(service: string, table: 'outbox' | 'processed_events', rows: number): void {
  retentionDeletes.labels(service, table).inc(rows);
}
