import { Counter, Histogram } from 'prom-client';
import { LATENCY_BUCKETS, metricsRegistry } from './registry';
import { ChildCache } from './labelled-children';

const requests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route template (never the raw path), method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metricsRegistry],
});

const duration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request arriving to the response being sent, by route template, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Requests that matched no route: one label value, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The recorder of one route and method: the route template is known when the route is
 * registered, so per request only the status is looked up (a Map get), nothing is built.
 */
export function httpRouteRecorder(route: string, method: string): (status: number, seconds: number) => void {
  const children = new ChildCache((status) => ({
    count: requests.labels(route, method, String(status)),
    time: duration.labels(route, method, String(status)),
  }));
  return (status, seconds) => {
    const child = children.get(status, 0);
    child.count.inc();
    child.time.observe(seconds);
  };
}

const anyMethod = new ChildCache((route, method) => httpRouteRecorder(String(route), String(method)));

/** For requests whose route is only known per request (middleware mounts, unmatched paths). */
export function recordHttpRequest(route: string, method: string, status: number, seconds: number): void {
  anyMethod.get(route, method)(status, seconds);
}
