import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

export function run(script: string, env: Record<string, string | undefined>): RunningProcess {
  let output = '';
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

export async function waitForHttp200(url: string, proc: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`exited with ${proc.child.exitCode}:\n${proc.output().slice(-3000)}`);
    if (
      await fetch(url).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${proc.output().slice(-3000)}`);
}

/**
 * A port free now. The ports in `taken` were handed out earlier but are not bound yet (a
 * platform's apps start after all their ports are chosen), so the OS may offer one again.
 */
export async function freePort(taken: readonly number[] = []): Promise<number> {
  for (;;) {
    const server = net.createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as net.AddressInfo;
    server.close();
    await once(server, 'close');
    if (!taken.includes(port)) return port;
  }
}
