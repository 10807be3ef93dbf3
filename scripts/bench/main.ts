import fs from 'node:fs';
import path from 'node:path';
import { compare, measureWithCpu, oneShotLoad, routeRun } from './compare';
import { BATCH_CONCURRENCY, BATCH_SIZE, measureBatch } from './batch';
import { notModifiedWorkload } from './conditional';
import type { LoadSettings, Workload } from './load';
import { IDLE_S, idleMemoryChecks, readIdleMemory } from './idle-memory';
import { readMemory } from './memory';
import {
  distributedUnavailable,
  importGazetteer,
  startDistributed,
  startStandalone,
  topUp,
  workspaceOfKey,
} from './platforms';
import type { DistributedSettings, Mode } from './platforms';
import { distributedOptions, modesOption, option, positiveOption } from './options';
import { invalidRuns, printModeReport, writeResults } from './report';
import type { ModeReport } from './report';
import { runBench, using } from './running';
import { DECISION_BODIES, locationPaths } from './workload';
import { PROPERTY_LISTINGS, PROPERTY_PATHS, propertyDetailPaths, seedPublishedListings } from './properties';
import { LEADS_PATHS, WORKSPACE_LEADS, seedLeads } from './leads';
import { buyerTokens, inquiryRequests, workspaceListings } from './inquiries';
import { WRITE_CONNECTIONS, singly } from './one-shot-load';
import { bareChatLanes, chatLanes, openChats, setUpWidget } from './widget';

/**
 * `npm run bench`: through the gateway in each mode, GET /v1/locations (and its 304 path), POST
 * /v1/decisions and /v1/decisions/batch (reasoning false; the batch in items per second beside single
 * decisions per second), GET /v1/properties (a filter mix over 100,000 published listings), GET
 * /v1/properties/{id}, GET /v1/workspace/leads, POST /v1/inquiries and the widget's message round
 * trip; each right after a bare node:http baseline doing the same work and, for the first three, a
 * NestJS peer (peer/), so figures read as ratios on a shared, noisy machine, judged against issue 29's
 * targets (targets.ts); and every process's resident memory, idle (as `npm run bench:memory` reads it,
 * before any request) and after the load. Options as `--name=value` or BENCH_* variables: mode
 * (standalone | distributed | both), routes, duration (s per run), connections, warmup (s), idle (s),
 * buyers, visitors.
 */
/** Buyers whose inquiries warm the route up, apart from the measured run's. */
const WARMUP_BUYERS = 30;
/** Widget chats whose turns warm up the round trip, apart from the measured run's. */
const WARMUP_VISITORS = 15;
const WIDGET_ROUND_TRIP = 'widget message round trip';
/** The bench workspace's listings the buyers ask about. */
const INQUIRY_LISTINGS = 500;
const RESULTS_FILE = 'bench-results.json';
/** The Saudi gazetteer beside the clone (../shared, as in CI), when it is there; `--gazetteer=none` skips it. */
const DEFAULT_GAZETTEER = path.join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'locations', 'saudi');

const ROUTES = ['locations', 'decisions', 'properties', 'property', 'leads', 'inquiries', 'widget'] as const;
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
  /** Buyers signed in for POST /v1/inquiries' run, each sending INQUIRIES_PER_BUYER (its hourly limit). */
  buyers: number;
  /** Widget visitors (a chat each, TURNS messages) for the round trip's run, for the bare server's and the route's. */
  visitors: number;
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
    buyers: positiveOption('buyers', 300),
    visitors: positiveOption('visitors', 150),
    distributed: distributedOptions(),
  };
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
    if (options.routes.includes('inquiries')) {
      const listingIds = await workspaceListings(platform.databaseUrl, workspaceId, INQUIRY_LISTINGS);
      if (listingIds.length === 0)
        report.skipped.push('POST /v1/inquiries: the bench workspace has no published listing');
      else {
        process.stdout.write(`Signing in ${options.buyers + WARMUP_BUYERS} buyers…\n`);
        await topUp(platform.databaseUrl, workspaceId, 'lead_credits');
        const tokens = await buyerTokens(platform.baseUrl, platform.databaseUrl, options.buyers + WARMUP_BUYERS);
        const anonymous = (count: number) => (baseUrl: string) =>
          singly(inquiryRequests(baseUrl, Array<string>(count).fill(''), listingIds));
        const signedIn = (from: number, to: number) => (baseUrl: string) =>
          singly(inquiryRequests(baseUrl, tokens.slice(from, to), listingIds));
        process.stdout.write('Measuring POST /v1/inquiries…\n');
        const loads = {
          baseline: oneShotLoad([anonymous(WARMUP_BUYERS), anonymous(options.buyers)], 201),
          route: oneShotLoad([signedIn(0, WARMUP_BUYERS), signedIn(WARMUP_BUYERS, tokens.length)], 201),
        };
        const writes = { ...options, connections: Math.min(options.connections, WRITE_CONNECTIONS) };
        report.runs.push(routeRun('POST /v1/inquiries', mode, await compare(platform, 'inquiries', loads, writes)));
      }
    }
    if (options.routes.includes('widget')) {
      process.stdout.write(
        `Setting up a project's widget and opening ${2 * (options.visitors + WARMUP_VISITORS)} chats…\n`,
      );
      const widget = await setUpWidget(platform.baseUrl);
      const chats = (from: number, count: number) => openChats(platform.baseUrl, widget, from, count);
      const [bareWarmup, bareRun, warmup, run] = [
        await chats(0, WARMUP_VISITORS),
        await chats(WARMUP_VISITORS, options.visitors),
        await chats(WARMUP_VISITORS + options.visitors, WARMUP_VISITORS),
        await chats(2 * WARMUP_VISITORS + options.visitors, options.visitors),
      ];
      process.stdout.write('Measuring the widget message round trip…\n');
      const loads = {
        baseline: oneShotLoad([(url) => bareChatLanes(url, bareWarmup), (url) => bareChatLanes(url, bareRun)], 201),
        route: oneShotLoad([(url) => chatLanes(url, warmup), (url) => chatLanes(url, run)], 201),
      };
      const writes = { ...options, connections: Math.min(options.connections, WRITE_CONNECTIONS) };
      report.runs.push(routeRun(WIDGET_ROUND_TRIP, mode, await compare(platform, 'widget', loads, writes)));
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
