import { Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's one metrics registry. Module-level on purpose: the transport, the outbox
 * relay and the consumers are built outside Nest's container in places, and a process
 * (standalone included) exposes one `/metrics`. Metric objects are created once, at import.
 */
export const metricsRegistry = new Registry();

/**
 * Latency buckets (seconds) for every histogram: fixed, so a series costs the same in every
 * process and dashboards can compare them; 5 ms to 10 s covers a cached lookup to a timeout.
 */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processMetricsStarted = false;

/**
 * Node's own metrics (memory, CPU, event-loop lag, GC, handles), once per process, and the
 * `app` label on every series: which app the process runs (`standalone` for all in one).
 * Called by whatever serves `/metrics`, so a process that serves none pays nothing.
 */
export function startProcessMetrics(app: string): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  metricsRegistry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
}

export interface MetricsExposition {
  contentType: string;
  body: string;
}

/** The text exposition of every metric; gauges read at scrape (outbox, pool, lag) are collected now. */
export async function renderMetrics(): Promise<MetricsExposition> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/**
 * Runs a scrape-time reading with a deadline: a slow database or NATS must not hold the
 * scrape past Prometheus's timeout. A reading that fails or times out is left out.
 */
export async function readWithin<T>(read: () => Promise<T>, timeoutMs = 1000): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
  try {
    return await Promise.race([read().catch(() => undefined), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
