import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { APP_NAMES } from '@app/contracts';
import { BaseEnv, ConfigurationError, loadEnv } from '@app/config';

/**
 * `npm run start:distributed`: every app as its own process, as in production, against
 * NATS_URL and DATABASE_URL. Each line of output is prefixed with its app. Ctrl-C sends
 * SIGTERM to all and waits for each to drain.
 */
function main(): void {
  const env = loadEnv(BaseEnv);
  if (!env.DATABASE_URL) throw new ConfigurationError(['DATABASE_URL: required in distributed mode (not set)']);
  const children = new Map<string, ChildProcess>();
  for (const app of APP_NAMES) {
    const child = spawn(process.execPath, [path.join(__dirname, '..', 'apps', app, 'src', 'main.js')], {
      env: { ...process.env, PORT: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixLines(child, app);
    child.on('exit', (code, signal) => {
      children.delete(app);
      process.stdout.write(`[${app}] exited (${signal ?? code})\n`);
      if (children.size === 0) process.exit(0);
    });
    children.set(app, child);
  }
  const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
}

function prefixLines(child: ChildProcess, app: string): void {
  const label = `[${app.padEnd(12)}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(label + line + '\n');
    });
  }
}

try {
  main();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
