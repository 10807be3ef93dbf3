import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface TcpProxy {
  /** host:port to connect to instead of the target. */
  address: string;
  /** Drops every connection and refuses new ones, as a network cut would. */
  cut(): void;
  /** Lets connections through again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay on a free local port to `target` (host:port), for cutting one process's
 * connection to a shared server (NATS) without touching the server itself.
 */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const [host, port] = target.split(':');
  const open = new Set<Socket>();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) return client.destroy();
    const upstream = net.connect(Number(port), host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined); // the other side's close ends the pair
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${listening}`,
    cut: () => {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore: () => {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
