import { serveProbes } from './service-probes';
import type { DependencyState, ProbeServer } from './service-probes';

const PATHS = {
  livenessPath: '/health/live',
  readinessPath: '/health/ready',
  dependenciesPath: '/health/dependencies',
};

/** A service's probes on a free port, with dependency checks the test sets. */
async function probes(checks: Record<string, () => Promise<DependencyState>>, onDependencyDown = jest.fn()) {
  const server = await serveProbes({ port: 0, host: '127.0.0.1', ...PATHS, checks, onDependencyDown });
  const get = (path: string, method = 'GET') => fetch(`http://127.0.0.1:${server.port}${path}`, { method });
  return { server, get, onDependencyDown };
}

describe('serveProbes (a distributed service’s HTTP probes)', () => {
  const up = () => Promise.resolve<DependencyState>({ status: 'up' });
  const natsUp = () => Promise.resolve<DependencyState>({ kind: 'nats', status: 'up' });
  let server: ProbeServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('should answer liveness 200 with an empty report and no caching', async () => {
    const probe = await probes({ database: up });
    server = probe.server;

    const res = await probe.get('/health/live?probe=kubelet');

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    expect(await res.json()).toEqual({ status: 'ok', info: {}, error: {}, details: {} });
  });

  it('should answer readiness 200 while a shared dependency is down, which only the dependencies path reports', async () => {
    const down = () => Promise.resolve<DependencyState>({ message: 'timeout of 1000ms exceeded', status: 'down' });
    const probe = await probes({ database: down, transport: natsUp });
    server = probe.server;

    const ready = await probe.get('/health/ready');

    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', info: {}, error: {}, details: {} });
    expect(probe.onDependencyDown).not.toHaveBeenCalled();
  });

  it('should report every dependency with 200 at the dependencies path when all are up', async () => {
    const probe = await probes({ database: up, transport: natsUp });
    server = probe.server;

    const res = await probe.get('/health/dependencies');

    expect(res.status).toBe(200);
    expect(await res.text()).toBe(
      '{"status":"ok","info":{"database":{"status":"up"},"transport":{"kind":"nats","status":"up"}},' +
        '"error":{},"details":{"database":{"status":"up"},"transport":{"kind":"nats","status":"up"}}}',
    );
  });

  it('should answer the dependencies path 503 service_unavailable and report the states when one is down', async () => {
    const onDependencyDown = jest.fn();
    const probe = await probes(
      {
        database: () => Promise.resolve({ message: 'timeout of 1000ms exceeded', status: 'down' }),
        transport: natsUp,
      },
      onDependencyDown,
    );
    server = probe.server;

    const res = await probe.get('/health/dependencies');

    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    expect(await res.json()).toEqual({
      error: 'service_unavailable',
      message: 'Service Unavailable Exception',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(onDependencyDown).toHaveBeenCalledWith({
      transport: { kind: 'nats', status: 'up' },
      database: { message: 'timeout of 1000ms exceeded', status: 'down' },
    });
  });

  it('should count a check that throws as down rather than fail the request', async () => {
    const probe = await probes({ database: () => Promise.reject(new Error('connection refused')) });
    server = probe.server;

    const res = await probe.get('/health/dependencies');

    expect(res.status).toBe(503);
    expect(probe.onDependencyDown).toHaveBeenCalledWith({
      database: { message: 'connection refused', status: 'down' },
    });
  });

  it('should answer HEAD like GET without a body', async () => {
    const probe = await probes({ database: up });
    server = probe.server;

    const res = await probe.get('/health/live', 'HEAD');

    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('49');
    expect(await res.text()).toBe('');
  });

  it('should serve the metrics exposition at GET /metrics when given one, and nothing else there', async () => {
    server = await serveProbes({
      port: 0,
      host: '127.0.0.1',
      ...PATHS,
      checks: { database: up },
      onDependencyDown: jest.fn(),
      metrics: () => Promise.resolve({ contentType: 'text/plain; version=0.0.4; charset=utf-8', body: 'up_total 1\n' }),
    });
    const url = `http://127.0.0.1:${server.port}`;

    const res = await fetch(`${url}/metrics?x=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await res.text()).toBe('up_total 1\n');
    expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${url}/metrics/`)).status).toBe(404);
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
  });

  it.each([
    ['GET', '/health'],
    ['GET', '/health/live/'],
    ['GET', '/metrics'],
    ['POST', '/health/live'],
    ['DELETE', '/health/ready'],
  ])('should answer %s %s 404 not_found in the error contract', async (method, path) => {
    const probe = await probes({ database: up });
    server = probe.server;

    const res = await probe.get(path, method);

    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No such resource.', code: 'NOT_FOUND' });
  });
});
