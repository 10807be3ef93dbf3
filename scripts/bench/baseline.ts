import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { ProcessGroup } from './memory';

/** The routes with a bare baseline; the first three have a NestJS peer too (peer/). */
export type BaselineKind = 'locations' | 'decisions' | 'properties' | 'property' | 'leads' | 'inquiries' | 'widget';

/** A server the bench loads beside the route (the bare baseline, the NestJS peer), in processes of its own. */
export interface Baseline {
  url: string;
  /** Its processes (the peer's HTTP app and microservice in distributed mode), for the CPU they spend. */
  memoryGroups(): ProcessGroup[];
  stop(): Promise<void>;
}

/** Starts baseline-server.js in its own process (the load generator must not share its event loop). */
export async function startBaseline(kind: BaselineKind, databaseUrl?: string, workspaceId?: string): Promise<Baseline> {
  const server = await forkServer('baseline-server.js', `${kind} baseline`, {
    BENCH_BASELINE: kind,
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_WORKSPACE_ID: workspaceId,
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    memoryGroups: () => [{ label: 'bare', pids: () => [server.pid] }],
    stop: () => server.stop(),
  };
}

export interface ForkedServer {
  /** The port it listens on, or 0 for a process that serves no HTTP (the peer's microservice). */
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Forks a bench script that reports `{port}` over IPC once it serves; stopped by SIGTERM. */
export async function forkServer(script: string, name: string, env: NodeJS.ProcessEnv): Promise<ForkedServer> {
  const child = fork(path.join(__dirname, script), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const ready = once(child, 'message') as Promise<[{ port: number }]>;
  const [message] = await Promise.race([
    ready,
    exited.then(([code]) => Promise.reject(new Error(`${name} exited (${String(code)})`))),
  ]);
  return {
    port: message.port,
    pid: child.pid as number,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
