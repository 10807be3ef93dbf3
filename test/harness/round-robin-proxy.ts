import http from 'node:http';
import type net from 'node:net';

export interface RoundRobinProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A load balancer for tests: each request goes to the next target in turn, on a fresh
 * connection. A target that refuses the connection (stopped, restarting) is skipped and the
 * request goes to the next, as a load balancer does with an endpoint whose port is closed;
 * nothing was sent, so any request may be retried. A connection reset before any answer (a
 * gateway closing its listener resets connections it accepted but had not read) is retried
 * only for requests safe to repeat: GET, HEAD, or carrying an Idempotency-Key (as Envoy's
 * `retry_on: reset` with idempotent requests). Any other failure is answered 502.
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const first = next++ % targets.length;
      const repeatable = req.method === 'GET' || req.method === 'HEAD' || req.headers['idempotency-key'] !== undefined;
      const attempt = (tried: number) => {
        const target = new URL(targets[(first + tried) % targets.length]);
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, connection: 'close' },
            agent: false,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (res.headersSent) return res.destroy();
          const retryable = err.code === 'ECONNREFUSED' || (err.code === 'ECONNRESET' && repeatable);
          if (retryable && tried + 1 < targets.length * 3) return void attempt(tried + 1);
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`proxy: ${err.code ?? err.message}`);
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
