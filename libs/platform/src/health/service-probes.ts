import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@app/errors';
import type { MetricsExposition } from '@app/observability';

/** One dependency's state; extra fields (kind, message) come before `status`, as Terminus prints them. */
export type DependencyState = { status: 'up' | 'down' } & Record<string, unknown>;

/** A readiness check; it reports `down` rather than throwing. */
export type ReadinessCheck = () => Promise<DependencyState>;

/** The body of a probe that passes: Terminus's shape, which the gateway's probes still use. */
export interface HealthReport {
  status: 'ok' | 'error';
  info: Record<string, DependencyState>;
  error: Record<string, DependencyState>;
  details: Record<string, DependencyState>;
}

export interface ProbeOptions {
  port: number;
  host: string;
  livenessPath: string;
  readinessPath: string;
  /** Run together on each readiness probe, reported under their names. */
  checks: Record<string, ReadinessCheck>;
  /** Told of every failed readiness probe, with each dependency's state. */
  onUnready(details: HealthReport['details']): void;
  /** When set, `GET /metrics` answers with this exposition (Prometheus scrapes the health port). */
  metrics?: () => Promise<MetricsExposition>;
}

export interface ProbeServer {
  port: number;
  close(): Promise<void>;
}

const NO_CACHE = { 'cache-control': 'no-cache, no-store, must-revalidate' };
const NOT_FOUND = new AppError('not_found', 'No such resource.');
// The body the Nest filter rendered for Terminus's ServiceUnavailableException: kept word for word.
const UNREADY = new AppError('service_unavailable', 'Service Unavailable Exception');

/**
 * A distributed service's HTTP probes on plain node:http: live while the process runs,
 * ready while every check is up. A service has no other HTTP route, so it needs no web
 * framework (Fastify, its schema compilers, Terminus and the Swagger it loads) for two GETs.
 */
export async function serveProbes(options: ProbeOptions): Promise<ProbeServer> {
  const server = http.createServer((req, res) => {
    if (options.metrics && isMetricsRequest(req)) {
      void options.metrics().then(
        ({ contentType, body }) =>
          res.writeHead(200, { 'content-type': contentType }).end(req.method === 'HEAD' ? undefined : body),
        () => res.writeHead(500).end(),
      );
      return;
    }
    void answer(req, options).then(({ status, headers, body }) => {
      const payload = JSON.stringify(body);
      res.writeHead(status, {
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(payload),
      });
      res.end(req.method === 'HEAD' ? undefined : payload);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface ProbeAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

async function answer(req: http.IncomingMessage, options: ProbeOptions): Promise<ProbeAnswer> {
  const path = (req.url ?? '').split('?')[0];
  const readable = req.method === 'GET' || req.method === 'HEAD';
  if (readable && path === options.livenessPath) return { status: 200, headers: NO_CACHE, body: healthReport([]) };
  if (readable && path === options.readinessPath) {
    const report = healthReport(await runChecks(options.checks));
    if (report.status === 'ok') return { status: 200, headers: NO_CACHE, body: report };
    options.onUnready(report.details);
    return { status: UNREADY.status, headers: NO_CACHE, body: UNREADY.toEnvelope() };
  }
  return { status: NOT_FOUND.status, headers: {}, body: NOT_FOUND.toEnvelope() };
}

function isMetricsRequest(req: http.IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.url ?? '').split('?')[0] === '/metrics';
}

async function runChecks(checks: Record<string, ReadinessCheck>): Promise<[string, DependencyState][]> {
  return Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, DependencyState]> => [
      name,
      await check().catch((err: unknown) => ({
        message: err instanceof Error ? err.message : 'check failed',
        status: 'down' as const,
      })),
    ]),
  );
}

/** Terminus's report: `info` the dependencies up, `error` those down, `details` both (up first). */
export function healthReport(states: [string, DependencyState][]): HealthReport {
  const up = states.filter(([, state]) => state.status === 'up');
  const down = states.filter(([, state]) => state.status !== 'up');
  return {
    status: down.length > 0 ? 'error' : 'ok',
    info: Object.fromEntries(up),
    error: Object.fromEntries(down),
    details: Object.fromEntries([...up, ...down]),
  };
}
