import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

const NATS_SERVER = process.env.E2E_NATS_SERVER ?? '/usr/sbin/nats-server';

/** A NATS server of the test's own (JetStream on, a private store), which the test may stop and start. */
export interface OwnNatsServer {
  url: string;
  /** SIGTERM; resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and store (streams and consumers survive). */
  start(): Promise<void>;
  /** Stops it and removes its store. */
  close(): Promise<void>;
  /** What the server logged (its errors: refused connections, permission violations), the last 100 kB. */
  logs(): string;
}

/** Whether this machine has a nats-server binary to run one of the test's own. */
export const natsServerAvailable = (): boolean => fs.existsSync(NATS_SERVER);

export interface OwnNatsServerOptions {
  /** A configuration file's text (e.g. renderNatsAuthorization's users and permissions). */
  config?: string;
  /** The server's environment: the variables the configuration refers to (`$NATS_GATEWAY_PASSWORD`). */
  env?: Record<string, string>;
}

export async function startOwnNatsServer(options: OwnNatsServerOptions = {}): Promise<OwnNatsServer> {
  const port = await freePort();
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-nats-'));
  // Beside the store, not in it: JetStream owns the store's layout.
  const configFile = `${store}.conf`;
  if (options.config !== undefined) fs.writeFileSync(configFile, options.config);
  const configArgs = options.config === undefined ? [] : ['-c', configFile];
  let child: ChildProcess | undefined;
  let logs = '';
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  const server: OwnNatsServer = {
    url: `nats://127.0.0.1:${port}`,
    stop,
    start: async () => {
      child = spawn(NATS_SERVER, [...configArgs, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { PATH: process.env.PATH, ...options.env },
      });
      child.stderr?.on('data', (chunk: Buffer) => (logs = (logs + chunk.toString()).slice(-100_000)));
      await waitForPort(port, child).catch((err: Error) => {
        throw new Error(`${err.message}\n${logs.slice(-2000)}`);
      });
    },
    close: async () => {
      await stop();
      fs.rmSync(store, { recursive: true, force: true });
      fs.rmSync(configFile, { force: true });
    },
    logs: () => logs,
  };
  await server.start();
  return server;
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nats-server exited (${child.exitCode})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nats-server did not listen on ${port} within 15 s`);
}
