import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderMetrics } from './registry';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

const NOT_FOUND = JSON.stringify({ error: 'not_found', message: 'No such resource.', code: 'NOT_FOUND' });

/**
 * `GET /metrics` on a port of its own (the gateway's and standalone's internal port), so the
 * public listener never serves it. Plain node:http: Prometheus is its only client.
 */
export async function serveMetrics(port: number, host: string): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(NOT_FOUND);
      return;
    }
    void renderMetrics().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
