import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

export type BaselineKind = 'locations' | 'decisions' | 'properties';

export interface Baseline {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts baseline-server.js in its own process (the load generator must not share its event loop). */
export async function startBaseline(kind: BaselineKind, databaseUrl?: string): Promise<Baseline> {
  const child = fork(path.join(__dirname, 'baseline-server.js'), [], {
    env: { ...process.env, BENCH_BASELINE: kind, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const ready = once(child, 'message') as Promise<[{ port: number }]>;
  const [message] = await Promise.race([
    ready,
    exited.then(([code]) => Promise.reject(new Error(`${kind} baseline exited (${String(code)})`))),
  ]);
  return {
    url: `http://127.0.0.1:${message.port}`,
    pid: child.pid as number,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
