import { Counter, Histogram } from 'prom-client';
import { TimeoutError } from 'rxjs';
import { ERROR_REGISTRY, isErrorEnvelope } from '@app/errors';
import { ChildCache, LATENCY_BUCKETS, metricsRegistry } from '@app/observability';

/**
 * ok; client_error: the service answered with a 4xx error (the caller's mistake, not a
 * fault); server_error: it answered with a 5xx or crashed; timeout: no answer within the
 * deadline; unavailable: no connection or no handler.
 */
export type RpcOutcome = 'ok' | 'client_error' | 'server_error' | 'timeout' | 'unavailable';

const LABELS = ['service', 'pattern', 'outcome'] as const;

const clientCalls = new Counter({
  name: 'rpc_client_requests_total',
  help: 'Requests sent over the transport, by target service, pattern and outcome.',
  labelNames: LABELS,
  registers: [metricsRegistry],
});
const clientDuration = new Histogram({
  name: 'rpc_client_request_duration_seconds',
  help: 'Time from sending a request to its answer (or the deadline), by target service, pattern and outcome.',
  labelNames: LABELS,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});
const serverCalls = new Counter({
  name: 'rpc_server_requests_total',
  help: 'Requests handled by this process, by service, pattern and outcome.',
  labelNames: LABELS,
  registers: [metricsRegistry],
});
const serverDuration = new Histogram({
  name: 'rpc_server_request_duration_seconds',
  help: 'Time from a request arriving to its reply being sent, by service, pattern and outcome.',
  labelNames: LABELS,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Patterns are `rpc.<service>.<operation>.v<n>` constants; anything else is one `other` series. */
const PATTERN = /^rpc\.([a-z]+)\.[a-z0-9_.-]+$/;

function recorders(counter: Counter<(typeof LABELS)[number]>, histogram: Histogram<(typeof LABELS)[number]>) {
  return new ChildCache((pattern, outcome) => {
    const match = PATTERN.exec(String(pattern));
    const labels = match ? [match[1], String(pattern), String(outcome)] : ['other', 'other', String(outcome)];
    return { count: counter.labels(...labels), time: histogram.labels(...labels) };
  });
}

const client = recorders(clientCalls, clientDuration);
const server = recorders(serverCalls, serverDuration);

/** One request this process sent; `startedAt` from performance.now(). */
export function recordRpcClientCall(pattern: string, outcome: RpcOutcome, startedAt: number): void {
  const child = client.get(pattern, outcome);
  child.count.inc();
  child.time.observe((performance.now() - startedAt) / 1000);
}

/** One request this process handled; `error` is what the handler failed with (undefined: answered). */
export function recordRpcServerCall(pattern: string, error: unknown, startedAt: number): void {
  const child = server.get(pattern, error === undefined || error === null ? 'ok' : errorOutcome(error));
  child.count.inc();
  child.time.observe((performance.now() - startedAt) / 1000);
}

/** The outcome of a failed send, from the raw error (before it is rebuilt for the caller). */
export function rpcClientOutcome(err: unknown): RpcOutcome {
  if (err instanceof TimeoutError) return 'timeout';
  if (isErrorEnvelope(err)) return errorOutcome(err);
  return 'unavailable';
}

function errorOutcome(err: unknown): RpcOutcome {
  return isErrorEnvelope(err) && ERROR_REGISTRY[err.error].status < 500 ? 'client_error' : 'server_error';
}
