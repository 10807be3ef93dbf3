import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteNamespaceStreams } from '@app/messaging';
import { freshDatabase } from '../harness/databases';
import type { FreshDatabase } from '../harness/databases';
import { describeDistributed } from '../harness/mode';
import { freePort, run, waitForHttp200 } from '../harness/processes';
import type { RunningProcess } from '../harness/processes';

const LAUNCHER = path.join(__dirname, '..', '..', 'dist', 'scripts', 'start-distributed.js');
const NATS_URL = process.env.E2E_NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * The README's local distributed run, as written: a database and
 * `DATABASE_URL=… npm run start:distributed`, nothing else (no signing key), `PORT` the gateway's.
 */
describeDistributed('npm run start:distributed (the README command)', () => {
  let db: FreshDatabase;
  let dataDir: string;
  const namespace = `e2e${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await freshDatabase({ empty: true }); // the services migrate a new database at start, together
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-launcher-'));
  });

  afterAll(async () => {
    await deleteNamespaceStreams(NATS_URL, namespace);
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function launch(env: Record<string, string>): RunningProcess {
    return run(LAUNCHER, {
      DATABASE_URL: db.url,
      NATS_URL,
      DATA_DIR: dataDir,
      EVENTS_NAMESPACE: namespace,
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      ...env,
    });
  }

  it('should serve the gateway on PORT with a development key when no signing key is set', async () => {
    const port = await freePort();
    const proc = launch({ PORT: String(port) });
    try {
      await waitForHttp200(`http://127.0.0.1:${port}/v1/health/ready`, proc);
      expect(proc.output()).toContain(`using a development key kept in ${dataDir}/jwt-signing.key`);
      expect(fs.statSync(path.join(dataDir, 'jwt-signing.key')).mode & 0o777).toBe(0o600);
    } finally {
      proc.child.kill('SIGTERM');
    }
    expect(await proc.exited).toBe(0);
  });

  it('should stop every app and exit non-zero with one line naming the variable when an app fails to start', async () => {
    const port = await freePort();
    const proc = launch({ PORT: String(port), JWT_SIGNING_KEYS: 'not a key ring' });
    expect(await proc.exited).toBe(1);
    const output = proc.output();
    expect(output).toMatch(/\[gateway\s*\] .*JWT_SIGNING_KEYS/);
    expect(output).toContain('gateway stopped on its own: stopping the other apps.');
    expect(output).not.toMatch(/^\s+at /m); // no stack trace
    for (const app of ['decision', 'catalogue', 'leads', 'billing', 'notification'])
      expect(output).toMatch(new RegExp(`\\[${app}\\] exited`));
  });
});
