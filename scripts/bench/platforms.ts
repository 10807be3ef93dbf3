import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deleteNamespaceStreams } from '@app/messaging';
import { Client } from 'pg';
import { APP_NAMES, APP_RUNTIME } from '@app/contracts';
import type { AppName, BillingAsset } from '@app/contracts';
import { connectOrStartEmbeddedPostgres } from '@app/database';
import type { DemoCredentials } from '../../apps/gateway/src/identity/demo/demo-workspace';
import { readDemoCredentials } from '../../apps/standalone/src/demo-credentials';
import { childrenOf, commandLine, processTree } from './memory';
import type { ProcessGroup } from './memory';

export type Mode = 'standalone' | 'distributed';

/** A running platform, reached through its gateway; nothing has asked it anything yet. */
export interface Platform {
  mode: Mode;
  baseUrl: string;
  databaseUrl: string;
  /**
   * A workspace API key with decisions to spend, made on the first call (distributed: a
   * broker signs up through the API), so the idle memory is read before any request.
   */
  apiKey(): Promise<string>;
  /** The demo seed's sign-ins (standalone: read from DATA_DIR), for flows that need a user. */
  demoLogins?: DemoCredentials['logins'];
  memoryGroups(): ProcessGroup[];
  stop(): Promise<void>;
}

const DIST = path.join(__dirname, '..', '..');
/** Billing's ceiling for the welcome grant; the bench tops the balance up beyond it (topUpDecisions). */
const FREE_DECISIONS = '10000';
const TOP_UP = 100_000_000;

/**
 * The fair-use limits run (their cost is in every figure) but never answer 429 to the bench's one key
 * and one IP; API_RATE_LIMIT=0 PUBLIC_RATE_LIMIT=0 in the environment measures without them.
 */
const quietEnv = {
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  FREE_DECISIONS,
  API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? '1000000',
  PUBLIC_RATE_LIMIT: process.env.PUBLIC_RATE_LIMIT ?? '1000000',
  // Every sign-up and login of a bench comes from 127.0.0.1 (the inquiries run signs in hundreds of
  // buyers), and two platforms of the sizing soak share Redis's counters.
  AUTH_RATE_LIMIT: '1000',
};

/**
 * `npm start` in a temporary DATA_DIR: one Node process and its embedded PostgreSQL; `nodeArgs` go to that Node.
 * `dist` is the build to start (another commit's dist/, for bench:compare); this build by default.
 */
export async function startStandalone(nodeArgs: string[] = [], dist = DIST): Promise<Platform> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-bench-'));
  fs.chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as "postgres" and must enter it
  const port = await freePort();
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL; // standalone would use it instead of its embedded database
  const app = spawnLogged(
    path.join(dist, 'apps', 'standalone', 'src', 'main.js'),
    {
      ...inherited,
      ...quietEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      METRICS_PORT: '0', // any free port: parallel runs must not collide on 9464
    },
    false,
    nodeArgs,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const pid = app.child.pid as number;
  const stop = async () => {
    const postgres = childrenOf(pid);
    await terminate(app.child, 30_000);
    // Normally the platform stops its database; after a kill, the database group goes too.
    for (const postmaster of postgres) killGroup(postmaster);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor200(`${baseUrl}${APP_RUNTIME.gateway.readinessPath}`, app, 180_000);
    const saved = readDemoCredentials(dataDir);
    if (!saved) throw new Error(`no demo credentials in ${dataDir}`);
    const { url: databaseUrl } = await connectOrStartEmbeddedPostgres({ dataDir });
    const apiKey = saved.credentials.api_key;
    return {
      mode: 'standalone',
      baseUrl,
      apiKey: memoized(() => topUpDecisions(databaseUrl, apiKey).then(() => apiKey)),
      demoLogins: saved.credentials.logins,
      databaseUrl,
      memoryGroups: () => [
        { label: 'standalone node', pids: () => [pid] },
        { label: 'embedded postgres', pids: () => processTree(pid).filter((p) => p !== pid) },
      ],
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

export interface DistributedSettings {
  adminUrl: string;
  natsUrl: string;
  redisUrl: string;
}

/** Why distributed mode cannot run here, or nothing when it can; `fixedPorts`: on the apps' own ports. */
export async function distributedUnavailable(
  settings: DistributedSettings,
  fixedPorts = true,
): Promise<string | undefined> {
  for (const [name, url] of [
    ['PostgreSQL', settings.adminUrl],
    ['NATS', settings.natsUrl],
  ]) {
    const { hostname, port } = new URL(url);
    if (!(await reachable(hostname, Number(port)))) return `${name} is not reachable at ${hostname}:${port}`;
  }
  if (!fixedPorts) return undefined;
  const busy: AppName[] = [];
  for (const app of APP_NAMES) if (await reachable('127.0.0.1', APP_RUNTIME[app].port)) busy.push(app);
  if (busy.length > 0)
    return `start-distributed uses fixed ports and ${busy.map((app) => `${app}'s ${APP_RUNTIME[app].port}`).join(', ')} in use`;
  return undefined;
}

/** How the sizing soak starts the apps: Node options per app, and where the gateway serves /metrics. */
export interface DistributedStart {
  /** Added to an app's NODE_OPTIONS (the launcher's `<APP>_NODE_OPTIONS`), e.g. its Deployment's heap. */
  nodeOptions?: Partial<Record<AppName, string>>;
  /** The gateway's METRICS_PORT; any free port (unknown to the bench) by default. */
  gatewayMetricsPort?: number;
  /** Each app's port instead of its fixed one (APP_RUNTIME), so two platforms can run side by side. */
  ports?: Record<AppName, number>;
}

/**
 * `npm run start:distributed` on a fresh database and a private events namespace, then a
 * broker signs up and creates an API key through the API, as a customer would.
 */
export async function startDistributed(settings: DistributedSettings, start: DistributedStart = {}): Promise<Platform> {
  const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const databaseName = `pdp_bench_${suffix}`;
  const namespace = `bench${suffix.replace('_', '')}`;
  await withClient(settings.adminUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`));
  const databaseUrl = Object.assign(new URL(settings.adminUrl), { pathname: `/${databaseName}` }).toString();
  const redis = new URL(settings.redisUrl);
  const launcher = spawnLogged(
    path.join(DIST, 'scripts', 'start-distributed.js'),
    {
      ...process.env,
      ...quietEnv,
      DATABASE_URL: databaseUrl,
      NATS_URL: settings.natsUrl,
      EVENTS_NAMESPACE: namespace,
      METRICS_PORT: String(start.gatewayMetricsPort ?? 0),
      ...(start.ports
        ? Object.fromEntries(
            APP_NAMES.map((app) => [
              app === 'gateway' ? 'PORT' : `${app.toUpperCase()}_PORT`,
              String(start.ports?.[app]),
            ]),
          )
        : {}),
      ...Object.fromEntries(
        Object.entries(start.nodeOptions ?? {}).map(([app, options]) => [`${app.toUpperCase()}_NODE_OPTIONS`, options]),
      ),
      JWT_SIGNING_KEYS: `bench:${randomBytes(48).toString('base64url')}`,
      ...((await reachable(redis.hostname, Number(redis.port))) ? { REDIS_URL: settings.redisUrl } : {}),
    },
    // Its own process group, so a stuck service can be killed with the launcher.
    true,
  );
  const pid = launcher.child.pid as number;
  const portOf = (app: AppName) => start.ports?.[app] ?? APP_RUNTIME[app].port;
  const baseUrl = `http://127.0.0.1:${portOf('gateway')}`;
  const stop = async () => {
    if (!(await terminate(launcher.child, 30_000))) killGroup(pid);
    await deleteNamespaceStreams(settings.natsUrl, namespace).catch(() => undefined);
    await withClient(settings.adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
    );
  };
  try {
    for (const app of APP_NAMES) {
      await waitFor200(`http://127.0.0.1:${portOf(app)}${APP_RUNTIME[app].readinessPath}`, launcher, 120_000);
    }
    return {
      mode: 'distributed',
      baseUrl,
      apiKey: memoized(async () => {
        const apiKey = await signUpWithApiKey(baseUrl);
        await topUpDecisions(databaseUrl, apiKey);
        return apiKey;
      }),
      databaseUrl,
      memoryGroups: () => [
        { label: 'launcher', pids: () => [pid] },
        ...childrenOf(pid).map((child) => ({ label: appOf(child), pids: () => [child] })),
      ],
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function signUpWithApiKey(baseUrl: string): Promise<string> {
  return (await signUpBroker(baseUrl)).apiKey;
}

/** A broker's sign-up, login and key creation, through the gateway's public routes: its token and API key. */
export async function signUpBroker(baseUrl: string): Promise<{ token: string; apiKey: string }> {
  const { token } = await signUp(baseUrl, {
    name: 'سارة العتيبي',
    role: 'broker',
    broker_kind: 'company',
    workspace_name: 'مكتب قياس الأداء',
  });
  const { secret } = (await postJson(baseUrl, '/v1/workspace/api-keys', { label: 'bench' }, token)) as {
    secret: string;
  };
  return { token, apiKey: secret };
}

/**
 * An account (`fields`: its name, role and the role's own fields) signed up and logged in through
 * the gateway's public routes, under a fresh e-mail: the e-mail, the password and the access token.
 */
export async function signUp(
  baseUrl: string,
  fields: Record<string, string>,
): Promise<{ email: string; password: string; token: string }> {
  const email = `bench-${fields.role}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'bench-password-2025';
  await postJson(baseUrl, '/v1/accounts', { ...fields, email, password });
  return { email, password, token: await logIn(baseUrl, email, password) };
}

/** An account's access token, by the first-party login. */
export async function logIn(baseUrl: string, email: string, password: string): Promise<string> {
  const { access_token } = (await postJson(baseUrl, '/v1/auth/login', { email, password })) as { access_token: string };
  return access_token;
}

/**
 * The welcome grant is capped far below what a run spends, so the bench credits its
 * throwaway workspace directly, as billing's append does: the balance and a ledger row.
 */
async function topUpDecisions(databaseUrl: string, apiKey: string): Promise<void> {
  await topUp(databaseUrl, await workspaceOfKey(databaseUrl, apiKey), 'decisions');
}

/** Credits `asset` to the workspace as billing's append does: the balance and a ledger row. */
export async function topUp(databaseUrl: string, workspaceId: string, asset: BillingAsset): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    const balance = await client.query<{ amount: number }>(
      `INSERT INTO billing.balances (workspace_id, asset, amount) VALUES ($1, $2, $3)
       ON CONFLICT (workspace_id, asset) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount`,
      [workspaceId, asset, TOP_UP],
    );
    await client.query(
      `INSERT INTO billing.ledger_entries (workspace_id, asset, amount, reason, idempotency_key, balance_after)
       VALUES ($1, $2, $3, 'welcome', $4, $5)`,
      [workspaceId, asset, TOP_UP, `bench-top-up:${randomUUID()}`, balance.rows[0].amount],
    );
    await client.query('COMMIT');
  });
}

/** The workspace an API key acts for, read from identity.api_keys by the key's prefix. */
export async function workspaceOfKey(databaseUrl: string, apiKey: string): Promise<string> {
  const rows = await withClient(databaseUrl, async (client) => {
    const key = await client.query<{ workspace_id: string }>(
      `SELECT workspace_id FROM identity.api_keys WHERE prefix = $1`,
      [apiKey.slice(0, 9)],
    );
    return key.rows;
  });
  if (rows.length !== 1) throw new Error('the API key is not in identity.api_keys');
  return rows[0].workspace_id;
}

/** A JSON POST that must answer 2xx: its parsed body. */
export async function postJson(baseUrl: string, route: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** The first call's promise, shared by every later call. */
function memoized<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

interface Logged {
  child: ChildProcess;
  output(): string;
}

function spawnLogged(script: string, env: NodeJS.ProcessEnv, detached = false, nodeArgs: string[] = []): Logged {
  let output = '';
  const child = spawn(process.execPath, [...nodeArgs, script], { env, detached, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function waitFor200(url: string, proc: Logged, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`exited (${proc.child.exitCode}):\n${proc.output().slice(-3000)}`);
    const ok = await fetch(url).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${proc.output().slice(-3000)}`);
}

/** SIGTERM, then SIGKILL after the grace period; true when it stopped by itself. */
async function terminate(child: ChildProcess, graceMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref());
  if (await Promise.race([exited.then(() => true as const), timer])) return true;
  child.kill('SIGKILL');
  await exited;
  return false;
}

function killGroup(leader: number): void {
  try {
    process.kill(-leader, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function appOf(pid: number): string {
  return /apps\/([a-z]+)\/src\/main\.js/.exec(commandLine(pid))?.[1] ?? `pid ${pid}`;
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** A port free now; `taken` are handed out already but not bound yet. */
export async function freePort(taken: number[] = []): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: bound } = server.address() as net.AddressInfo;
        server.close(() => resolve(bound));
      });
      server.once('error', reject);
    });
    if (!taken.includes(port)) return port;
  }
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Imports a gazetteer into the platform's database with `import-locations`, as an operator
 * would, then waits until the gateway answers from it (services poll every 5 s): the route
 * is measured over the real place names, not the seed's few.
 */
export async function importGazetteer(platform: Platform, source: string): Promise<void> {
  const tool = spawn(process.execPath, [path.join(DIST, 'scripts', 'import-locations.js'), source], {
    env: { ...process.env, DATABASE_URL: platform.databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(tool, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`import-locations ${source} exited ${String(code)}`);
  const apiKey = await platform.apiKey();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${platform.baseUrl}/v1/locations?city=Riyadh&districts=true`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const body = (await res.json()) as { districts?: unknown[] };
    if ((body.districts?.length ?? 0) > SEED_RIYADH_DISTRICTS) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the platform did not load the imported gazetteer within 30 s');
}

/** Riyadh's districts in the hand-written seed; more means the import is being served. */
const SEED_RIYADH_DISTRICTS = 12;
