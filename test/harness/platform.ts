import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import type net from 'node:net';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { APP_NAMES, APP_RUNTIME, nodeArgsFor } from '@app/contracts';
import type { AppName } from '@app/contracts';
import { startContractProxy } from './contract-proxy';
import type { SharedPlatformSlot } from './e2e.environment';
import { recordSharedPlatform } from './shared-platforms-ledger';
import { freshDatabase } from './databases';
import type { FreshDatabase } from './databases';
import { e2eMode } from './mode';
import { freePort, run } from './processes';

/** The platform under test, reached over real HTTP in both modes. */
export interface Platform {
  /** The gateway, behind the proxy that checks every response against the OpenAPI document. */
  baseUrl: string;
  /** The gateway itself, unchecked (for a test about raw HTTP). */
  gatewayUrl: string;
  /** Standalone only: the application itself, for looking at its routes. */
  app?: NestFastifyApplication;
  databaseUrl: string;
  /** Distributed only: the environment the app processes run with (to build another gateway in-process). */
  env?: Record<string, string>;
  /** Distributed only: stop one app's process (SIGTERM, or SIGKILL for a crash) and start it again. */
  stopApp(app: AppName, signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  startApp(app: AppName): Promise<void>;
  /** Distributed only: another gateway process on the same database and NATS; returns its base URL. */
  startGatewayReplica(): Promise<string>;
  /**
   * Where each process serves `/metrics`: standalone its one internal port (`standalone`);
   * distributed the gateway's internal port and each service's health port.
   */
  metricsUrls: Partial<Record<AppName | 'standalone', string>>;
  /** Distributed only: another process of any app (a replica), started and ready. */
  startReplica(app: AppName): Promise<Replica>;
  /** Distributed only: the first process of an app: its probes' base URL and its pid. */
  instance(app: AppName): { url: string; pid: number | undefined };
  /** Everything the platform wrote to its logs so far (distributed: every process). */
  logs(): string;
  close(): Promise<void>;
}

/** One more process of an app, beside the one startPlatform started. */
export interface Replica {
  app: AppName;
  /** Its HTTP port's base URL (the gateway's API, a service's probes). */
  url: string;
  pid: number | undefined;
  /** SIGTERM (graceful) or SIGKILL (a crash); resolves once the process has exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same port; resolves once it is ready. */
  start(): Promise<void>;
}

export interface PlatformOptions {
  /** Distributed only: the NATS every app uses instead of the machine's (a test that restarts its own). */
  natsUrl?: string;
  /** Extra environment for the apps (e.g. RPC_TIMEOUT_MS). */
  env?: Record<string, string>;
  /** Distributed only: extra environment for one app's process (e.g. its own NATS_URL or NATS credentials). */
  appEnv?: Partial<Record<AppName, Record<string, string>>>;
  /**
   * Distributed only: false when the NATS is the test's own and goes with it, so there are no
   * streams to delete at close (a NATS with authorization would refuse the harness anyway).
   */
  deleteStreams?: boolean;
}

/**
 * Puts the contract-checking proxy in front of the gateway; closing the platform fails with
 * every response that did not match the served OpenAPI document.
 */
async function behindContractProxy(platform: Omit<Platform, 'gatewayUrl'>): Promise<Platform> {
  const closePlatform = platform.close.bind(platform);
  const proxy = await startContractProxy(platform.baseUrl).catch(async (err: unknown) => {
    await platform.close();
    throw err;
  });
  return Object.assign(platform, {
    gatewayUrl: platform.baseUrl,
    baseUrl: proxy.url,
    close: async () => {
      await proxy.close();
      await closePlatform();
      if (proxy.checker.violations.length > 0)
        throw new Error(`Responses that contradict the OpenAPI document:\n${proxy.checker.report()}`);
    },
  });
}

/** One signing key for the whole run, shared by every gateway process (as replicas share theirs). */
const SIGNING_KEYS = `e2e:${randomBytes(48).toString('base64url')}`;

const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  // The deadlines the platform ships with (libs/contracts' table; '' is unset): a test-only 1.5 s
  // turned a busy CI runner's slow upload or article into a 503. A test of the deadline sets its own.
  RPC_TIMEOUT_MS: '',
  OUTBOX_POLL_MS: '100',
  JWT_SIGNING_KEYS: SIGNING_KEYS,
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
  INVITATION_TOKEN_KEY: randomBytes(32).toString('base64'),
  // Tests buy packs and lead credits (fundedWorkspace): the manual provider, allowed explicitly as
  // only a demo or a test may. A test of the unconfigured platform passes PAYMENTS_PROVIDER: ''.
  PAYMENTS_PROVIDER: 'manual',
  PAYMENTS_ALLOW_MANUAL: 'true',
  // Every file calls from 127.0.0.1, often with one key, on a platform other files may share: the
  // fair-use limits run (their headers are on every answer) but never trip. A test of them sets its own.
  API_RATE_LIMIT: '1000000',
  PUBLIC_RATE_LIMIT: '1000000',
  // Node 22+ keeps the apps' compiled code on disk between the run's many process starts (about a
  // tenth of a start's CPU); Node 20 ignores it.
  NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'pdp-e2e-compile-cache'),
};

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  return behindContractProxy(await (e2eMode === 'standalone' ? startStandalone(options) : startDistributed(options)));
}

/** What a file asks of a shared platform: only its configuration, never its processes. */
export type SharedPlatformOptions = Pick<PlatformOptions, 'env'>;

/**
 * Many files sign up and log in from 127.0.0.1 within one rate-limit window; on a platform of
 * their own each had the whole window. A test of the limit itself starts its own platform.
 */
const SHARED_ENV = { AUTH_RATE_LIMIT: '10000' };

/**
 * A platform for a file that needs only "a platform": one per jest process and configuration,
 * in processes of its own (standalone: the build's application in one child process, as
 * test/harness/standalone-process.mjs starts it; distributed: every app's process), started by
 * the first file that asks and stopped at the end of the run (test/harness/e2e.environment.ts,
 * the global teardowns). Each file gets its own contract proxy in front of it, so a file no
 * longer pays for loading and booting the whole application. Such a file makes its own users and
 * workspaces and never counts what other files may have made; stopping processes or replicas,
 * or reaching into the application, needs `startPlatform`.
 */
export async function sharedPlatform(options: SharedPlatformOptions = {}): Promise<Platform> {
  const registry = globalThis.__E2E_SHARED_PLATFORMS__;
  const env = { ...SHARED_ENV, ...options.env };
  // Without a build (jest run directly), a standalone file boots its own in-process.
  if (!registry || (e2eMode === 'standalone' && !fs.existsSync(STANDALONE_BUILD))) return startPlatform({ env });
  // `npm test` runs both modes' files in one jest process, which holds one registry.
  const key = `${e2eMode} ${JSON.stringify(env)}`;
  let slot: SharedPlatformSlot | undefined = registry.get(key);
  if (!slot) {
    const starting: Promise<PlatformProcesses> =
      e2eMode === 'standalone' ? startStandaloneProcess({ env }) : startDistributed({ env });
    let started: PlatformProcesses | undefined;
    starting.then(
      (platform) => {
        started = platform;
        const { databaseUrl, env } = platform;
        recordSharedPlatform(e2eMode, {
          pids: platform.pids(),
          databaseUrl,
          natsUrl: env.NATS_URL,
          namespace: env.EVENTS_NAMESPACE,
        });
      },
      () => registry.delete(key),
    );
    slot = { mode: e2eMode, started: starting, pids: () => started?.pids() ?? [] };
    registry.set(key, slot);
  }
  const shared = (await slot.started) as PlatformProcesses;
  shared.acquire();
  process.env.JWT_SIGNING_KEYS = shared.env.JWT_SIGNING_KEYS; // tests mint tokens with the platform's key
  const sharedOnly = new Error('A shared platform runs for other files too: use startPlatform');
  const unsupported = () => Promise.reject(sharedOnly);
  return behindContractProxy({
    baseUrl: shared.baseUrl,
    databaseUrl: shared.databaseUrl,
    env: shared.env,
    metricsUrls: shared.metricsUrls,
    stopApp: unsupported,
    startApp: unsupported,
    startGatewayReplica: unsupported,
    startReplica: unsupported,
    instance: () => {
      throw sharedOnly;
    },
    logs: () => shared.logs(),
    close: () => Promise.resolve(shared.release()),
  });
}

/**
 * sharedPlatform for a file that also builds the gateway's MCP server in this process
 * (mcpFactoryOf, test/harness/mcp-client.ts): in standalone it takes the server from an
 * application of its own in this process; in distributed it builds a gateway on the shared
 * platform's database and NATS.
 */
export function sharedPlatformWithMcp(options: SharedPlatformOptions = {}): Promise<Platform> {
  return e2eMode === 'standalone' ? startPlatform({ env: { ...SHARED_ENV, ...options.env } }) : sharedPlatform(options);
}

/** A platform running in child processes: what a shared one serves files with and is stopped by. */
interface PlatformProcesses {
  baseUrl: string;
  databaseUrl: string;
  env: Record<string, string>;
  metricsUrls: Platform['metricsUrls'];
  logs(): string;
  /** Its processes' ids. */
  pids(): number[];
  /** A file starts using it. */
  acquire(): void;
  /**
   * A file is done with it. Standalone pauses the process (SIGSTOP) until the next file asks:
   * idle, its outbox relays' safety sweeps and its other timers still cost about 0.04 of a core
   * (with OUTBOX_POLL_MS=100; 0.08 before commits woke the relays). Distributed keeps running (NATS closes a client that stops answering pings).
   */
  release(): void;
}

const STANDALONE_PROCESS = path.join(__dirname, 'standalone-process.mjs');
/** What that process loads (test/harness/standalone-process.mjs). */
const STANDALONE_BUILD = path.join(__dirname, '..', '..', 'dist', 'apps', 'standalone', 'src', 'standalone-app.js');

/** The standalone platform from the build in a child process, on a fresh database of the suite's PostgreSQL. */
async function startStandaloneProcess(options: PlatformOptions): Promise<PlatformProcesses> {
  const db = await freshDatabase();
  const port = await freePort();
  const metricsPort = await freePort([port]);
  const env: Record<string, string> = {
    ...TEST_ENV,
    ...options.env,
    DATABASE_URL: db.url,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
  };
  const { child, output } = run(STANDALONE_PROCESS, { HOME: process.env.HOME, ...env });
  const baseUrl = `http://127.0.0.1:${port}`;
  let users = 0;
  try {
    await waitUntilReady(`${baseUrl}${APP_RUNTIME.gateway.readinessPath}`, child, output);
  } catch (err) {
    await stopChild(child, 'SIGKILL');
    await db.drop();
    throw err;
  }
  return {
    baseUrl,
    databaseUrl: db.url,
    env,
    metricsUrls: { standalone: `http://127.0.0.1:${metricsPort}/metrics` },
    logs: output,
    pids: () => (child.pid === undefined ? [] : [child.pid]),
    acquire: () => {
      if (users++ === 0) child.kill('SIGCONT');
    },
    release: () => {
      if (--users === 0) child.kill('SIGSTOP');
    },
  };
}

async function startStandalone(options: PlatformOptions): Promise<Omit<Platform, 'gatewayUrl'>> {
  // Loaded here, not at the top: a distributed file, or one on a shared platform, never needs them.
  const [{ loadEnv }, { MetricsEndpoint }, { createStandaloneApp }, { StandaloneEnv }] = await Promise.all([
    import('@app/config'),
    import('@app/platform'),
    import('../../apps/standalone/src/standalone-app'),
    import('../../apps/standalone/src/standalone.env'),
  ]);
  const db = await freshDatabase();
  // In one process the apps read their configuration from process.env, as they do in production.
  Object.assign(process.env, TEST_ENV, options.env, { PORT: '0', METRICS_PORT: '0' });
  const env = loadEnv(StandaloneEnv);
  let app: NestFastifyApplication;
  try {
    app = await createStandaloneApp(env, db.url);
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await db.drop();
    throw err;
  }
  const { port } = app.getHttpServer().address() as net.AddressInfo;
  const metricsPort = app.get(MetricsEndpoint, { strict: false }).port;
  const unsupported = () => Promise.reject(new Error('Stopping one app needs the distributed mode'));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    databaseUrl: db.url,
    stopApp: unsupported,
    startApp: unsupported,
    startGatewayReplica: unsupported,
    metricsUrls: { standalone: `http://127.0.0.1:${metricsPort}/metrics` },
    startReplica: unsupported,
    instance: () => {
      throw new Error('Processes are distributed mode only');
    },
    logs: () => '',
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

const DIST = path.join(__dirname, '..', '..', 'dist', 'apps');

class DistributedPlatform implements Omit<Platform, 'gatewayUrl'>, PlatformProcesses {
  private readonly processes = new Map<AppName, ChildProcess>();
  private readonly replicas: ChildProcess[] = [];
  private output = '';
  /** The gateway's internal metrics port, chosen at start (a fixed one would collide between runs). */
  private gatewayMetricsPort = 0;

  constructor(
    readonly baseUrl: string,
    private readonly db: FreshDatabase,
    private readonly ports: Record<AppName, number>,
    readonly env: Record<string, string>,
    private readonly appEnv: Partial<Record<AppName, Record<string, string>>> = {},
    private readonly deleteStreams = true,
  ) {}

  get databaseUrl(): string {
    return this.db.url;
  }

  get metricsUrls(): Partial<Record<AppName, string>> {
    return Object.fromEntries(
      APP_NAMES.map((app) => [
        app,
        `http://127.0.0.1:${app === 'gateway' ? this.gatewayMetricsPort : this.ports[app]}/metrics`,
      ]),
    );
  }

  async startApp(app: AppName): Promise<void> {
    if (app === 'gateway') this.gatewayMetricsPort = await freePort(Object.values(this.ports));
    const child = this.spawnApp(app, this.ports[app], this.gatewayMetricsPort);
    this.processes.set(app, child);
    await waitUntilReady(
      `http://127.0.0.1:${this.ports[app]}${APP_RUNTIME[app].readinessPath}`,
      child,
      () => this.output,
    );
  }

  async startGatewayReplica(): Promise<string> {
    return (await this.startReplica('gateway')).url;
  }

  async startReplica(app: AppName): Promise<Replica> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // A gateway replica serves /metrics on its own internal port, kept across its restarts.
    const metricsPort = app === 'gateway' ? await freePort([...Object.values(this.ports), port]) : 0;
    let child: ChildProcess | undefined;
    const replica: Replica = {
      app,
      url,
      pid: undefined,
      stop: (signal = 'SIGTERM') => (child ? stopChild(child, signal) : Promise.resolve()),
      start: async () => {
        child = this.spawnApp(app, port, metricsPort);
        this.replicas.push(child);
        replica.pid = child.pid;
        await waitUntilReady(`${url}${APP_RUNTIME[app].readinessPath}`, child, () => this.output);
      },
    };
    await replica.start();
    return replica;
  }

  instance(app: AppName): { url: string; pid: number | undefined } {
    return { url: `http://127.0.0.1:${this.ports[app]}`, pid: this.processes.get(app)?.pid };
  }

  private spawnApp(app: AppName, port: number, metricsPort = 0): ChildProcess {
    const child = spawn(process.execPath, [...nodeArgsFor(app), path.join(DIST, app, 'src', 'main.js')], {
      env: {
        PATH: process.env.PATH,
        ...this.env,
        ...this.appEnv[app],
        PORT: String(port),
        ...(app === 'gateway' ? { METRICS_PORT: String(metricsPort) } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    return child;
  }

  async stopApp(app: AppName, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const child = this.processes.get(app);
    this.processes.delete(app);
    if (child) await stopChild(child, signal);
  }

  logs(): string {
    return this.output;
  }

  acquire(): void {}
  release(): void {}

  pids(): number[] {
    return [...this.processes.values(), ...this.replicas].flatMap((child) =>
      child.pid === undefined ? [] : [child.pid],
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.replicas.map((child) => stopChild(child, 'SIGTERM')));
    await Promise.all([...this.processes.keys()].map((app) => this.stopApp(app)));
    if (this.deleteStreams) {
      const { deleteNamespaceStreams } = await import('@app/messaging');
      await deleteNamespaceStreams(this.env.NATS_URL, this.env.EVENTS_NAMESPACE);
    }
    await this.db.drop();
  }
}

async function startDistributed(options: PlatformOptions): Promise<DistributedPlatform> {
  // Tests mint tokens with the run's key, as the gateway processes verify them with it.
  process.env.JWT_SIGNING_KEYS = options.env?.JWT_SIGNING_KEYS ?? TEST_ENV.JWT_SIGNING_KEYS;
  const db = await freshDatabase();
  const ports = Object.fromEntries(await Promise.all(APP_NAMES.map(async (app) => [app, await freePort()]))) as Record<
    AppName,
    number
  >;
  const env = {
    ...TEST_ENV,
    ...options.env,
    DATABASE_URL: db.url,
    NATS_URL: options.natsUrl ?? process.env.E2E_NATS_URL ?? 'nats://127.0.0.1:4222',
    REDIS_URL: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379',
    // A test may choose it (a NATS configuration generated for its namespace).
    EVENTS_NAMESPACE: options.env?.EVENTS_NAMESPACE ?? `e2e${randomBytes(4).toString('hex')}`,
  };
  const platform = new DistributedPlatform(
    `http://127.0.0.1:${ports.gateway}`,
    db,
    ports,
    env,
    options.appEnv,
    options.deleteStreams,
  );
  try {
    await Promise.all(APP_NAMES.map((app) => platform.startApp(app)));
  } catch (err) {
    await platform.close();
    throw err;
  }
  return platform;
}

async function stopChild(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${url}: process exited (${child.exitCode})\n${output().slice(-3000)}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} not ready within 45 s\n${output().slice(-3000)}`);
}
