import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@app/errors';
import type { MetricsExposition } from '@app/observability';

/** One dependency's state; extra fields (kind, message) come before `status`, as Terminus prints them. */
export type DependencyState = { status: 'up' | 'down' } & Record<string, unknown>;

/** A dependency check; it reports `down` rather than throwing. */
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
  /** Where operators read the shared dependencies' state (never a probe: see serveProbes). */
  dependenciesPath: string;
  /** Run together on each dependencies request, reported under their names. */
  checks: Record<string, ReadinessCheck>;
  /** Told of every dependencies request that found one down, with each dependency's state. */
  onDependencyDown(details: HealthReport['details']): void;
  /** When set, `GET /metrics` answers with this exposition (Prometheus scrapes the health port). */
  metrics?: () => Promise<MetricsExposition>;
}

export interface ProbeServer {
  port: number;
  close(): Promise<void>;
}

const NO_CACHE = { 'cache-control': 'no-cache, no-store, must-revalidate' };
const NOT_FOUND = new AppError('not_found', 'No such resource.');
// The body the Nest filter renders for Terminus's ServiceUnavailableException (the gateway's), word for word.
const UNAVAILABLE = new AppError('service_unavailable', 'Service Unavailable Exception');

/**
 * A distributed service's HTTP probes on plain node:http: live while the process runs, ready
 * from the end of its start-up (its NATS queue subscribed) until shutdown closes them. Readiness
 * deliberately ignores NATS and PostgreSQL: they are shared, so a blip would turn every replica
 * unready at once, stall rollouts and block drains, while no other replica could do better; the
 * callers get the contract's 503 instead. The dependencies' state is at `dependenciesPath`.
 * A service has no other HTTP route, so it needs no web framework for three GETs.
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
  if (readable && (path === options.livenessPath || path === options.readinessPath)) {
    return { status: 200, headers: NO_CACHE, body: healthReport([]) };
  }
  if (readable && path === options.dependenciesPath) {
    const report = healthReport(await runChecks(options.checks));
    if (report.status === 'ok') return { status: 200, headers: NO_CACHE, body: report };
    options.onDependencyDown(report.details);
    return { status: UNAVAILABLE.status, headers: NO_CACHE, body: UNAVAILABLE.toEnvelope() };
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
