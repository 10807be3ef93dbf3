import fs from 'node:fs';
import path from 'node:path';
import { startBaseline } from './baseline';
import { hasPeer, startPeer } from './peer/peer';
import { BATCH_CONCURRENCY, BATCH_SIZE, measureBatch } from './batch';
import type { Baseline, BaselineKind } from './baseline';
import { notModifiedWorkload } from './conditional';
import { runLoad } from './load';
import type { LoadResult, LoadSettings, Workload } from './load';
import { IDLE_S, idleMemoryChecks, readIdleMemory } from './idle-memory';
import { readCpuSeconds, readMemory } from './memory';
import type { ProcessGroup } from './memory';
import {
  distributedUnavailable,
  importGazetteer,
  startDistributed,
  startStandalone,
  workspaceOfKey,
} from './platforms';
import type { DistributedSettings, Mode, Platform } from './platforms';
import { distributedOptions, modesOption, option, positiveOption } from './options';
import { invalidRuns, printModeReport, writeResults } from './report';
import type { ModeReport, RouteRun } from './report';
import { runBench, using } from './running';
import { ratios, verdicts } from './targets';
import { DECISION_BODIES, locationPaths } from './workload';
import { PROPERTY_LISTINGS, PROPERTY_PATHS, propertyDetailPaths, seedPublishedListings } from './properties';
import { LEADS_PATHS, WORKSPACE_LEADS, seedLeads } from './leads';

/**
 * `npm run bench`: /v1/locations, /v1/decisions and /v1/decisions/batch (reasoning false; the batch
 * in items per second beside single decisions per second) and /v1/properties (a filter mix over
 * 100,000 published listings) through the gateway in
 * each mode, each right after a bare node:http baseline doing the same work, so figures read
 * as ratios on a shared, noisy machine; and every process's resident memory, idle (as
 * `npm run bench:memory` reads it, before any request) and after the load. Options as
 * `--name=value` or BENCH_* variables: mode (standalone | distributed | both), duration (s per
 * run), connections, warmup (s), idle (s).
 */
const WARMUP_CONNECTIONS = 10;
const RESULTS_FILE = 'bench-results.json';
/** The Saudi gazetteer beside the clone (../shared, as in CI), when it is there; `--gazetteer=none` skips it. */
const DEFAULT_GAZETTEER = path.join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'locations', 'saudi');

const ROUTES = ['locations', 'decisions', 'properties', 'property', 'leads'] as const;
type Route = (typeof ROUTES)[number];

interface Options extends LoadSettings {
  modes: Mode[];
  /**
   * `--routes=locations,properties`: which routes to measure (all by default; decisions includes the
   * batch, locations its 304 path; property is GET /v1/properties/{id}, leads GET /v1/workspace/leads).
   */
  routes: Route[];
  /** A gazetteer folder imported before measuring, or undefined to measure over the seed. */
  gazetteer: string | undefined;
  warmupS: number;
  idleS: number;
  distributed: DistributedSettings;
}

function readOptions(): Options {
  const gazetteer = option('gazetteer', DEFAULT_GAZETTEER);
  return {
    modes: modesOption(),
    routes: routesOption(),
    gazetteer: gazetteer !== 'none' && fs.existsSync(gazetteer) ? gazetteer : undefined,
    durationS: positiveOption('duration', 10),
    connections: positiveOption('connections', 50),
    warmupS: positiveOption('warmup', 2),
    idleS: positiveOption('idle', IDLE_S),
    distributed: distributedOptions(),
  };
}

/**
 * A run with the CPU each process group spent on it (the platform's processes, the bare server's,
 * the peer's): what the Kubernetes CPU requests are sized from (docs/kubernetes.md), and the
 * figure to compare stacks by on a busy machine.
 */
async function measureWithCpu(
  server: { baseUrl: string; memoryGroups(): ProcessGroup[] },
  workload: Workload,
  options: Options,
): Promise<LoadResult> {
  await runLoad(server.baseUrl, workload, { durationS: options.warmupS, connections: WARMUP_CONNECTIONS });
  const groups = server.memoryGroups();
  const before = readCpuSeconds(groups);
  const result = await runLoad(server.baseUrl, workload, options);
  const after = readCpuSeconds(groups);
  result.cpu = groups.map(({ label }) => {
    const seconds = (after.get(label) ?? 0) - (before.get(label) ?? 0);
    return {
      label,
      cores: Math.round((seconds / options.durationS) * 100) / 100,
      msPerRequest: Math.round((seconds * 1000 * 100) / Math.max(result.requests, 1)) / 100,
    };
  });
  return result;
}

interface Compared {
  baseline: LoadResult;
  peer?: LoadResult;
  measured: LoadResult;
}

/**
 * The bare baseline, then the NestJS peer (when the route has one), then the route, back to back.
 * `workspaceId`: the workspace whose data the bare server reads (the bench key's).
 */
async function compare(
  platform: Platform,
  kind: BaselineKind,
  workload: Workload,
  options: Options,
  workspaceId?: string,
): Promise<Compared> {
  const loadOf = (server: Baseline) => measureWithCpu({ ...server, baseUrl: server.url }, workload, options);
  const baseline = await using(await startBaseline(kind, platform.databaseUrl, workspaceId), loadOf);
  const peerRun = hasPeer(kind)
    ? await using(await startPeer(kind, platform.mode, platform.databaseUrl, options.distributed.natsUrl), loadOf)
    : undefined;
  return { baseline, peer: peerRun, measured: await measureWithCpu(platform, workload, options) };
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
    process.stdout.write(`Idle ${options.idleS} s, then reading resident memory…\n`);
    report.memory.idle = await readIdleMemory(platform, options.idleS);
    report.memoryChecks = idleMemoryChecks(mode, report.memory.idle);
    if (options.gazetteer) {
      process.stdout.write(`Importing the gazetteer ${options.gazetteer}…\n`);
      await importGazetteer(platform, options.gazetteer);
    } else process.stdout.write('No gazetteer to import: measuring over the seed.\n');
    const auth = { authorization: `Bearer ${await platform.apiKey()}` };

    if (options.routes.includes('locations')) {
      process.stdout.write('Measuring GET /v1/locations…\n');
      const locationsWorkload: Workload = { method: 'GET', paths: locationPaths(), headers: auth };
      const locations = await compare(platform, 'locations', locationsWorkload, options);
      report.runs.push(routeRun('GET /v1/locations', mode, locations));
      // Issue 29 point 2: the same searches with a current ETag, answered 304 by the gateway alone,
      // against the 200 path's baseline of this run.
      process.stdout.write('Measuring GET /v1/locations with If-None-Match (304)…\n');
      const conditional = await notModifiedWorkload(platform.baseUrl, locationsWorkload);
      const notModified = await measureWithCpu(platform, conditional, options);
      report.runs.push(
        routeRun('GET /v1/locations 304', mode, { baseline: locations.baseline, measured: notModified }),
      );
    }

    const decisions: Workload = { method: 'POST', paths: ['/v1/decisions'], bodies: DECISION_BODIES, headers: auth };
    const probe = !options.routes.includes('decisions')
      ? undefined
      : await fetch(`${platform.baseUrl}/v1/decisions`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(DECISION_BODIES[0]),
        });
    if (!probe) process.stdout.write('POST /v1/decisions not measured (--routes).\n');
    else if (!probe.ok) report.failures.push(`POST /v1/decisions answers ${probe.status}: ${await probe.text()}`);
    else {
      process.stdout.write('Measuring POST /v1/decisions…\n');
      report.runs.push(routeRun('POST /v1/decisions', mode, await compare(platform, 'decisions', decisions, options)));
    }
    const single = report.runs.find((run) => run.route === 'POST /v1/decisions');
    if (single) {
      process.stdout.write('Measuring POST /v1/decisions/batch…\n');
      await measureBatch(platform.baseUrl, auth, options.warmupS);
      const batch = await measureBatch(platform.baseUrl, auth, options.durationS);
      report.batch = {
        ...batch,
        size: BATCH_SIZE,
        concurrency: BATCH_CONCURRENCY,
        singleDecisionsPerSecond: single.measured.requestsPerSecond,
        ratio: Math.round((batch.itemsPerSecond / Math.max(single.measured.requestsPerSecond, 1)) * 100) / 100,
      };
      if (batch.errors > 0) report.failures.push(`POST /v1/decisions/batch: ${batch.errors} batches failed`);
    }

    const workspaceId = await workspaceOfKey(platform.databaseUrl, await platform.apiKey());
    const listingRoutes = options.routes.filter((route) => route === 'properties' || route === 'property');
    const places =
      listingRoutes.length > 0
        ? (process.stdout.write(`Adding ${PROPERTY_LISTINGS} published listings…\n`),
          await seedPublishedListings(platform.databaseUrl, PROPERTY_LISTINGS, workspaceId))
        : undefined;
    if (places === 0)
      report.skipped.push(
        `${listingRoutes.join(', ')}: no published listing nor gazetteer district to take places from`,
      );
    if (places && options.routes.includes('properties')) {
      process.stdout.write('Measuring GET /v1/properties…\n');
      const measured = await compare(platform, 'properties', { method: 'GET', paths: PROPERTY_PATHS }, options);
      report.runs.push(routeRun('GET /v1/properties', mode, measured));
    }
    if (places && options.routes.includes('property')) {
      process.stdout.write('Measuring GET /v1/properties/{id}…\n');
      const paths = await propertyDetailPaths(platform.databaseUrl);
      report.runs.push(
        routeRun(
          'GET /v1/properties/{id}',
          mode,
          await compare(platform, 'property', { method: 'GET', paths }, options),
        ),
      );
    }
    if (options.routes.includes('leads')) {
      process.stdout.write(`Adding ${WORKSPACE_LEADS} leads to the bench workspace…\n`);
      await seedLeads(platform.databaseUrl, workspaceId);
      process.stdout.write('Measuring GET /v1/workspace/leads…\n');
      const leads: Workload = { method: 'GET', paths: LEADS_PATHS, headers: auth };
      report.runs.push(
        routeRun('GET /v1/workspace/leads', mode, await compare(platform, 'leads', leads, options, workspaceId)),
      );
    }
    report.memory.loaded = readMemory(platform.memoryGroups());
    return report;
  });
}

function routesOption(): Route[] {
  const routes = option('routes', ROUTES.join(',')).split(',');
  const unknown = routes.filter((route) => !(ROUTES as readonly string[]).includes(route));
  if (unknown.length > 0) throw new Error(`routes: unknown ${unknown.join(', ')} (known: ${ROUTES.join(', ')})`);
  return routes as Route[];
}

/** A route's run against its baselines, with its ratios and the verdicts (judged on exact figures). */
function routeRun(route: string, mode: Mode, { baseline, peer, measured }: Compared): RouteRun {
  const rounded = ratios(measured, baseline, peer);
  const judged = verdicts(route, mode, measured, baseline, peer);
  return {
    route,
    baseline,
    peer,
    measured,
    ratio: rounded.bare,
    peerRatio: rounded.peer,
    p99Ratio: rounded.p99,
    verdicts: judged,
    target: judged.map((verdict) => verdict.target).join(', '),
    met: judged.every((verdict) => verdict.met),
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  const reports: ModeReport[] = [];
  for (const mode of options.modes) {
    const report = await benchMode(mode, options);
    printModeReport(report, options);
    reports.push(report);
  }
  writeResults(RESULTS_FILE, options, reports);
  if (reports.some((report) => invalidRuns(report).length > 0)) process.exitCode = 1;
}

runBench('bench', main);
