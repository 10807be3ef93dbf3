import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeStandalone } from '../harness/mode';
import { isProcessRunning as isAlive } from '@app/database';
import { freePort, run, waitForHttp200 } from '../harness/processes';

const REPO = path.join(__dirname, '..', '..');
const MAIN = path.join(__dirname, '..', '..', 'dist', 'apps', 'standalone', 'src', 'main.js');
const MIGRATE = path.join(__dirname, '..', '..', 'dist', 'scripts', 'migrate.js');

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

describeStandalone('npm start (the standalone runner)', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-runner-'));
    fs.chmodSync(dataDir, 0o755);
  });

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('should start ready on a fresh DATA_DIR, stop cleanly on Ctrl-C, and reuse DATA_DIR on the next start', async () => {
    const port = await freePort();
    // No demo: the runner's own behaviour is what is tested here; the demo's first start is demo-seed's.
    const env = { PORT: String(port), METRICS_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false' };

    const first = run(MAIN, env);
    await waitForHttp200(`http://127.0.0.1:${port}/v1/health/ready`, first);
    expect(first.output()).toContain(`Gateway  http://localhost:${port}/v1`);
    expect(first.output()).toContain(`Docs     http://localhost:${port}/docs`);
    expect(first.output()).toContain(`${dataDir} (created)`);
    expect(first.output()).toMatch(
      /Places {3}\d+ seed cities; all of Saudi Arabia: npm run import:locations -- --download/,
    );
    const database = postmasterPid(dataDir);
    expect(isAlive(database)).toBe(true);

    // A tool run beside it (migrate, imports) uses the running database and leaves it running.
    const tool = run(MIGRATE, { DATA_DIR: dataDir });
    expect(await tool.exited).toBe(0);
    expect(tool.output()).toContain('identity: up to date');
    expect(isAlive(database)).toBe(true);
    await waitForHttp200(`http://127.0.0.1:${port}/v1/health/ready`, first);

    // A second platform on the same DATA_DIR is refused rather than taking the database away.
    const rival = run(MAIN, { ...env, PORT: String(await freePort()) });
    expect(await rival.exited).toBe(1);
    expect(rival.output()).toContain('is in use by a running platform');
    expect(isAlive(database)).toBe(true);

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped; the database is shut down.');
    expect(isAlive(database)).toBe(false); // no orphan PostgreSQL

    const second = run(MAIN, env);
    await waitForHttp200(`http://127.0.0.1:${port}/v1/health/ready`, second);
    expect(second.output()).toContain(`${dataDir} (reused)`);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000); // four processes started one after another, a fresh database first: over 60 s on a busy 2-core runner

  it('should recover when an earlier run was killed and left its database running', async () => {
    const port = await freePort();
    // No demo: the runner's own behaviour is what is tested here; the demo's first start is demo-seed's.
    const env = { PORT: String(port), METRICS_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false' };
    const killed = run(MAIN, env);
    await waitForHttp200(`http://127.0.0.1:${port}/v1/health/ready`, killed);
    const orphan = postmasterPid(dataDir);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(isAlive(orphan)).toBe(true);

    const next = run(MAIN, env);
    await waitForHttp200(`http://127.0.0.1:${port}/v1/health/ready`, next);
    expect(isAlive(orphan)).toBe(false);
    next.child.kill('SIGINT');
    expect(await next.exited).toBe(0);
  });

  it('should refuse to start and name the variable when a configuration value is bad', async () => {
    const bad = run(MAIN, { PORT: 'eighty', DATA_DIR: dataDir, RPC_TIMEOUT_MS: '-5' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).toContain('got "eighty"');
    expect(bad.output()).toContain('RPC_TIMEOUT_MS');
  });

  const asRoot = process.getuid?.() === 0 ? it : it.skip;
  asRoot(
    'should start as root with DATA_DIR in a private 0700 folder and reuse its cluster when restarted',
    async () => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-private-')); // mkdtemp makes it 0700, as /root is
      const privateDataDir = path.join(home, 'clone', '.data');
      const port = await freePort();
      const env = {
        PORT: String(port),
        METRICS_PORT: '0',
        DATA_DIR: privateDataDir,
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'false',
      };
      try {
        const first = run(MAIN, env);
        await waitForHttp200(`http://127.0.0.1:${port}/v1/health/ready`, first);
        const cluster = /cluster in (\S+?)\)/.exec(first.output())?.[1];
        expect(cluster).toMatch(/^\/var\/lib\/property-platform\/[0-9a-f]{16}\/postgres$/);
        expect(fs.existsSync(path.join(cluster!, 'PG_VERSION'))).toBe(true);
        first.child.kill('SIGTERM');
        expect(await first.exited).toBe(0);

        const second = run(MAIN, env);
        await waitForHttp200(`http://127.0.0.1:${port}/v1/health/ready`, second);
        expect(second.output()).toContain(`${privateDataDir} (reused; cluster in ${cluster})`);
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
        fs.rmSync(path.dirname(cluster!), { recursive: true, force: true });
      } finally {
        fs.rmSync(home, { recursive: true, force: true });
      }
    },
  );

  asRoot(
    "should run the README's npm start from a clone in a private 0700 folder, as root",
    async () => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-home-')); // 0700, as /root is
      const clone = path.join(home, 'platform');
      execFileSync('git', ['clone', '--quiet', '--no-hardlinks', REPO, clone]);
      // The installed packages, linked rather than installed again: embedded PostgreSQL's binaries now sit in the private folder too.
      execFileSync('cp', ['-al', path.join(REPO, 'node_modules'), path.join(clone, 'node_modules')]);
      const port = await freePort();
      let output = '';
      const npm = spawn('npm', ['start'], {
        cwd: clone,
        env: {
          PATH: process.env.PATH,
          HOME: home,
          PORT: String(port),
          METRICS_PORT: '0',
          LOG_LEVEL: 'warn',
          DEMO_SEED: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true, // its own process group: npm and the platform it runs are stopped together
      });
      npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = once(npm, 'exit').then(([code]) => code as number | null);
      // 'close': every holder of its output has let go, the platform npm started included.
      const closed = once(npm, 'close');
      let cluster: string | undefined;
      try {
        await waitForHttp200(
          `http://127.0.0.1:${port}/v1/health/ready`,
          { child: npm, output: () => output, exited },
          // npm start builds the whole project first (prestart): minutes on a busy 2-core runner.
          330_000,
        );
        cluster = /cluster in (\S+?)\)/.exec(output)?.[1];
        expect(cluster).toMatch(/^\/var\/lib\/property-platform\/[0-9a-f]{16}\/postgres$/);
        expect(output).toContain(`./.data (created; cluster in ${cluster})`);
        const search = await fetch(`http://127.0.0.1:${port}/v1/properties?city=${encodeURIComponent('الرياض')}`);
        expect(search.status).toBe(200);
        expect(await search.json()).toEqual({ properties: [], count: 0, offset: 0 });

        process.kill(-npm.pid!, 'SIGTERM'); // as Ctrl-C in a terminal reaches the whole foreground group
        await closed;
        expect(output).toContain('Stopped; the database is shut down.');
      } finally {
        if (npm.exitCode === null && npm.signalCode === null) process.kill(-npm.pid!, 'SIGKILL');
        await closed;
        if (cluster) fs.rmSync(path.dirname(cluster), { recursive: true, force: true });
        fs.rmSync(home, { recursive: true, force: true });
      }
    },
    420_000,
  );
});
