import fs from 'node:fs';
import path from 'node:path';
import { startBaseline } from './baseline';
import type { Baseline, BaselineKind } from './baseline';
import { runLoad } from './load';
import type { LoadResult, LoadSettings, Workload } from './load';
import { readMemory } from './memory';
import type { MemoryReading } from './memory';
import { distributedUnavailable, importGazetteer, startDistributed, startStandalone } from './platforms';
import type { DistributedSettings, Mode, Platform } from './platforms';
import { invalidRuns, printModeReport, writeResults } from './report';
import type { ModeReport, RouteRun } from './report';
import { DECISION_BODIES, locationPaths } from './workload';

/**
 * `npm run bench`: /v1/locations and /v1/decisions (reasoning false) through the gateway in
 * each mode, each right after a bare node:http baseline doing the same work, so figures read
 * as ratios on a shared, noisy machine. Options as `--name=value` or BENCH_* variables:
 * mode (standalone | distributed | both), duration (s per run), connections, warmup (s).
 */
const WARMUP_CONNECTIONS = 10;
const LOCATIONS_TARGET_RPS = 2000;
const DECISIONS_TARGET_RATIO = 0.5;
const IDLE_SERVICE_LIMIT_MB = 150;
const STANDALONE_LIMIT_MB = 700;
const RESULTS_FILE = 'bench-results.json';
/** The Saudi gazetteer beside the clone (../shared, as in CI), when it is there; `--gazetteer=none` skips it. */
const DEFAULT_GAZETTEER = path.join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'locations', 'saudi');

interface Options extends LoadSettings {
  modes: Mode[];
  /** A gazetteer folder imported before measuring, or undefined to measure over the seed. */
  gazetteer: string | undefined;
  warmupS: number;
  distributed: DistributedSettings;
}

function readOptions(): Options {
  const args = new Map(
    process.argv.slice(2).map((arg) => {
      const [name, ...value] = arg.replace(/^--/, '').split('=');
      return [name, value.join('=')] as const;
    }),
  );
  const option = (name: string, fallback: string) =>
    args.get(name) ?? process.env[`BENCH_${name.toUpperCase()}`] ?? fallback;
  const positive = (name: string, fallback: number) => {
    const value = Number(option(name, String(fallback)));
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
    return value;
  };
  const mode = option('mode', 'both');
  if (!['standalone', 'distributed', 'both'].includes(mode))
    throw new Error('mode must be standalone, distributed or both');
  const gazetteer = option('gazetteer', DEFAULT_GAZETTEER);
  return {
    modes: mode === 'both' ? ['standalone', 'distributed'] : [mode as Mode],
    gazetteer: gazetteer !== 'none' && fs.existsSync(gazetteer) ? gazetteer : undefined,
    durationS: positive('duration', 10),
    connections: positive('connections', 50),
    warmupS: positive('warmup', 2),
    distributed: {
      adminUrl: option('pg_admin_url', 'postgres://postgres@127.0.0.1:5432/postgres'),
      natsUrl: option('nats_url', 'nats://127.0.0.1:4222'),
      redisUrl: option('redis_url', 'redis://127.0.0.1:6379'),
    },
  };
}

/** What must be stopped if the run ends early (Ctrl-C, an error). */
const running = new Set<{ stop(): Promise<void> }>();

async function using<T extends { stop(): Promise<void> }, R>(
  resource: T,
  work: (resource: T) => Promise<R>,
): Promise<R> {
  running.add(resource);
  try {
    return await work(resource);
  } finally {
    running.delete(resource);
    await resource.stop();
  }
}

async function measure(url: string, workload: Workload, options: Options): Promise<LoadResult> {
  await runLoad(url, workload, { durationS: options.warmupS, connections: WARMUP_CONNECTIONS });
  return runLoad(url, workload, options);
}

/** The baseline first, then the route, back to back. */
async function compare(
  platform: Platform,
  kind: BaselineKind,
  workload: Workload,
  options: Options,
): Promise<{ baseline: LoadResult; measured: LoadResult }> {
  const baseline = await using<Baseline, LoadResult>(await startBaseline(kind, platform.databaseUrl), (server) =>
    measure(server.url, workload, options),
  );
  return { baseline, measured: await measure(platform.baseUrl, workload, options) };
}

async function benchMode(mode: Mode, options: Options): Promise<ModeReport> {
  const report: ModeReport = {
    mode,
    skipped: [],
    failures: [],
    runs: [],
    memory: { idle: [], loaded: [] },
    memoryChecks: [],
  };
  if (mode === 'distributed') {
    const reason = await distributedUnavailable(options.distributed);
    if (reason) {
      report.skipped.push(`distributed mode: ${reason}`);
      return report;
    }
  }
  process.stdout.write(`Starting the ${mode} platform…\n`);
  const platform = mode === 'standalone' ? await startStandalone() : await startDistributed(options.distributed);
  return using(platform, async () => {
    if (options.gazetteer) {
      process.stdout.write(`Importing the gazetteer ${options.gazetteer}…\n`);
      await importGazetteer(platform, options.gazetteer);
    } else process.stdout.write('No gazetteer to import: measuring over the seed.\n');
    await new Promise((resolve) => setTimeout(resolve, 3000)); // let start-up work settle before weighing
    report.memory.idle = readMemory(platform.memoryGroups());
    const auth = { authorization: `Bearer ${platform.apiKey}` };

    process.stdout.write('Measuring GET /v1/locations…\n');
    const locations = await compare(
      platform,
      'locations',
      { method: 'GET', paths: locationPaths(), headers: auth },
      options,
    );
    report.runs.push(
      routeRun('GET /v1/locations', locations, {
        target: mode === 'standalone' ? `≥ ${LOCATIONS_TARGET_RPS} req/s` : '',
        met: mode !== 'standalone' || locations.measured.requestsPerSecond >= LOCATIONS_TARGET_RPS,
      }),
    );

    const decisions: Workload = { method: 'POST', paths: ['/v1/decisions'], bodies: DECISION_BODIES, headers: auth };
    const probe = await fetch(`${platform.baseUrl}/v1/decisions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(DECISION_BODIES[0]),
    });
    if (!probe.ok) report.failures.push(`POST /v1/decisions answers ${probe.status}: ${await probe.text()}`);
    else {
      process.stdout.write('Measuring POST /v1/decisions…\n');
      const measured = await compare(platform, 'decisions', decisions, options);
      const ratio = measured.measured.requestsPerSecond / measured.baseline.requestsPerSecond;
      report.runs.push(
        routeRun('POST /v1/decisions', measured, {
          target: `≥ ${DECISIONS_TARGET_RATIO} × baseline`,
          met: ratio >= DECISIONS_TARGET_RATIO,
        }),
      );
    }
    report.memory.loaded = readMemory(platform.memoryGroups());
    report.memoryChecks = memoryChecks(mode, report.memory.idle);
    return report;
  });
}

function routeRun(
  route: string,
  { baseline, measured }: { baseline: LoadResult; measured: LoadResult },
  target: { target: string; met: boolean },
): RouteRun {
  const ratio = Math.round((measured.requestsPerSecond / Math.max(baseline.requestsPerSecond, 1)) * 100) / 100;
  return { route, baseline, measured, ratio, ...target };
}

function memoryChecks(mode: Mode, idle: MemoryReading[]): ModeReport['memoryChecks'] {
  if (mode === 'standalone') {
    const total = Math.round(idle.reduce((sum, reading) => sum + reading.pssMb, 0));
    return [
      {
        check: `whole standalone platform idle < ${STANDALONE_LIMIT_MB} MB (PSS): ${total} MB`,
        met: total < STANDALONE_LIMIT_MB,
      },
    ];
  }
  return idle
    .filter((reading) => reading.label !== 'launcher')
    .map((reading) => ({
      check: `idle ${reading.label} < ${IDLE_SERVICE_LIMIT_MB} MB (RSS): ${reading.rssMb} MB`,
      met: reading.rssMb < IDLE_SERVICE_LIMIT_MB,
    }));
}

async function stopEverything(): Promise<void> {
  await Promise.allSettled([...running].map((resource) => resource.stop()));
}

async function main(): Promise<void> {
  const options = readOptions();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stdout.write(`\n${signal}: stopping every process the bench started…\n`);
      void stopEverything().finally(() => process.exit(130));
    });
  }
  const reports: ModeReport[] = [];
  for (const mode of options.modes) {
    const report = await benchMode(mode, options);
    printModeReport(report, options);
    reports.push(report);
  }
  writeResults(RESULTS_FILE, options, reports);
  if (reports.some((report) => invalidRuns(report).length > 0)) process.exitCode = 1;
}

main().catch(async (err: unknown) => {
  process.stderr.write(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  await stopEverything();
  process.exit(1);
});
