import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { IsString } from '@app/validation';
import { APP_NAMES, nodeArgsFor } from '@app/contracts';
import type { AppName } from '@app/contracts';
import { BaseEnv, ConfigurationError, loadEnv } from '@app/config';
// The launcher is tooling: it shares standalone's development key maker.
import {
  ensureInvitationTokenKey,
  ensureSigningKey,
  ensureVapidKeys,
  ensureWebhookKey,
} from '../apps/standalone/src/local-secrets';

class LauncherEnv extends BaseEnv {
  /** Where a development signing key is kept when JWT_SIGNING_KEYS is unset (as standalone does). */
  @IsString()
  DATA_DIR = './.data';
}

/**
 * `npm run start:distributed`: every app as its own process, as in production, against
 * NATS_URL and DATABASE_URL. Each line of output is prefixed with its app. `PORT` is the
 * gateway's; the services keep their own health ports. Ctrl-C sends SIGTERM to all and waits
 * for each to drain. When an app exits on its own (a start-up error, a crash), the launcher
 * stops the others and exits non-zero: no half-running platform behind no gateway.
 * `<APP>_NODE_OPTIONS` (e.g. `GATEWAY_NODE_OPTIONS=--max-old-space-size=288`) adds Node options for
 * that app alone, as its Deployment's NODE_OPTIONS does, and `<SERVICE>_PORT` moves a service's
 * health port: the sizing soak runs two platforms side by side so.
 */
function main(): void {
  const env = loadEnv(LauncherEnv);
  if (!env.DATABASE_URL) throw new ConfigurationError(['DATABASE_URL: required in distributed mode (not set)']);
  if (!process.env.JWT_SIGNING_KEYS) {
    ensureSigningKey(env.DATA_DIR);
    process.stdout.write(`JWT_SIGNING_KEYS not set: using a development key kept in ${env.DATA_DIR}/jwt-signing.key\n`);
  }
  if (!process.env.WEBHOOK_SECRET_KEY) {
    ensureWebhookKey(env.DATA_DIR);
    process.stdout.write(
      `WEBHOOK_SECRET_KEY not set: using a development key kept in ${env.DATA_DIR}/webhook-secret.key\n`,
    );
  }
  if (!process.env.INVITATION_TOKEN_KEY) {
    ensureInvitationTokenKey(env.DATA_DIR);
    process.stdout.write(
      `INVITATION_TOKEN_KEY not set: using a development key kept in ${env.DATA_DIR}/invitation-token.key\n`,
    );
  }
  ensureVapidKeys(env.DATA_DIR); // web push works locally too
  const children = new Map<AppName, ChildProcess>();
  let stopping = false;
  let failed = false;
  const stopAll = () => {
    stopping = true;
    children.forEach((child) => child.kill('SIGTERM'));
  };
  for (const app of APP_NAMES) {
    const child = spawn(
      process.execPath,
      [...nodeArgsFor(app), path.join(__dirname, '..', 'apps', app, 'src', 'main.js')],
      {
        env: {
          ...process.env,
          PORT: process.env[app === 'gateway' ? 'PORT' : `${app.toUpperCase()}_PORT`],
          NODE_OPTIONS: nodeOptionsFor(app),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    prefixLines(child, app);
    child.on('exit', (code, signal) => {
      children.delete(app);
      process.stdout.write(`[${app}] exited (${signal ?? code})\n`);
      if (!stopping) {
        failed = true;
        process.stderr.write(`${app} stopped on its own: stopping the other apps.\n`);
        stopAll();
      }
      if (children.size === 0) process.exit(failed ? 1 : 0);
    });
    children.set(app, child);
  }
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
}

function nodeOptionsFor(app: AppName): string | undefined {
  const options = [process.env.NODE_OPTIONS, process.env[`${app.toUpperCase()}_NODE_OPTIONS`]].filter(Boolean);
  return options.length > 0 ? options.join(' ') : undefined;
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
