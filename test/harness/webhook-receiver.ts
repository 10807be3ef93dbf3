import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
}

/** An API client's endpoint: answers with the statuses it is told to, in turn, then 204. */
export async function startWebhookReceiver(statuses: number[] = []) {
  const received: ReceivedDelivery[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.statusCode = statuses.shift() ?? 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The verification snippet of docs/notifications.md, as a receiver runs it. */
const seen = new Set<string>();
export function verifyDelivery(
  secret: string,
  headers: Record<string, string>,
  body: string,
): { type: string; data: unknown } {
  const event = new Webhook(secret).verify(body, headers) as { type: string; data: unknown };
  if (seen.has(headers['webhook-id'])) throw new Error('replayed delivery');
  seen.add(headers['webhook-id']);
  return event;
}
