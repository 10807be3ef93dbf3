import fs from 'node:fs';
import os from 'node:os';
import type { LoadResult, LoadSettings } from './load';
import type { MemoryReading } from './memory';
import { WRITE_CONNECTIONS } from './one-shot-load';
import type { Mode } from './platforms';
import { describeVerdict } from './targets';
import type { Verdict } from './targets';

/** One route measured beside its bare baseline and, where one is built, its NestJS peer, in the same run. */
export interface RouteRun {
  route: string;
  /** The bare node:http server doing the route's work (baseline-server.ts). */
  baseline: LoadResult;
  /** The NestJS peer (peer/), for the routes that have one. */
  peer?: LoadResult;
  measured: LoadResult;
  /** measured / baseline requests per second. */
  ratio: number;
  /** measured / peer requests per second. */
  peerRatio?: number;
  /** measured p99 / baseline p99. */
  p99Ratio: number;
  /** Each target of the issue for this route and mode, judged. */
  verdicts: Verdict[];
  /** The targets in one line ('' when none), and whether every one was met. */
  target: string;
  met: boolean;
}

export interface ModeReport {
  mode: Mode;
  /** Why the mode or a route did not run. */
  skipped: string[];
  /** A route that fails before the load: the bench is invalid. */
  failures: string[];
  runs: RouteRun[];
  memory: { idle: MemoryReading[]; loaded: MemoryReading[] };
  memoryChecks: { check: string; met: boolean }[];
  /** POST /v1/decisions/batch in items per second, beside single decisions per second of the same run. */
  batch?: {
    itemsPerSecond: number;
    batches: number;
    items: number;
    errors: number;
    size: number;
    concurrency: number;
    singleDecisionsPerSecond: number;
    /** batch items/s ÷ single decisions/s. */
    ratio: number;
  };
}

/** A run with any non-2xx, connection error or timeout measured something else than the route. */
export function invalidRuns(report: ModeReport): string[] {
  return report.failures.concat(
    report.runs.flatMap((run) =>
      [
        run.baseline.errors > 0 ? `${run.route} baseline: ${describeErrors(run.baseline)}` : '',
        run.peer && run.peer.errors > 0 ? `${run.route} peer: ${describeErrors(run.peer)}` : '',
        run.measured.errors > 0 ? `${run.route}: ${describeErrors(run.measured)}` : '',
      ].filter(Boolean),
    ),
  );
}

export function printModeReport(report: ModeReport, settings: LoadSettings): void {
  const lines = [`\n== ${report.mode} (${settings.durationS} s per run, ${settings.connections} connections) ==`];
  for (const reason of report.skipped) lines.push(`SKIPPED: ${reason}`);
  if (report.runs.length > 0) lines.push(...routeTable(report.runs));
  for (const run of report.runs) {
    const cpu = [run.baseline, run.peer, run.measured]
      .flatMap((result) => result?.cpu ?? [])
      .map((group) => `${group.label} ${group.cores} cores, ${group.msPerRequest} ms/req`);
    if (cpu.length > 0) lines.push(`   CPU during ${run.route}: ${cpu.join('; ')}`);
  }
  if (report.batch)
    lines.push(
      `POST /v1/decisions/batch (${report.batch.size} items, ${report.batch.concurrency} in flight): ` +
        `${report.batch.itemsPerSecond} items/s over ${report.batch.batches} batches, ` +
        `${report.batch.ratio.toFixed(2)} × POST /v1/decisions (${report.batch.singleDecisionsPerSecond} decisions/s)`,
    );
  if (report.memory.idle.length > 0) lines.push('', ...memoryTable(report));
  const invalid = invalidRuns(report);
  if (invalid.length > 0) {
    lines.push('', '!!!!! INVALID BENCH: requests failed, so these figures measure errors, not the route !!!!!');
    lines.push(...invalid.map((line) => `!!!!! ${line}`));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * Resident memory per process group: idle (ready, then IDLE_S seconds without a request) and,
 * when the mode was loaded, after the load; then the targets, met or MISSED.
 */
export function memoryTable(report: Pick<ModeReport, 'memory' | 'memoryChecks'>): string[] {
  const lines = [row(['resident memory (MB)', 'processes', 'idle RSS', 'idle PSS', 'loaded RSS', 'loaded PSS'])];
  report.memory.idle.forEach((idle, i) => {
    const loaded = report.memory.loaded[i];
    lines.push(
      row([
        idle.label,
        String(loaded?.processes ?? idle.processes),
        String(idle.rssMb),
        String(idle.pssMb),
        String(loaded?.rssMb ?? '-'),
        String(loaded?.pssMb ?? '-'),
      ]),
    );
  });
  const sum = (readings: MemoryReading[], field: 'rssMb' | 'pssMb') =>
    readings.length > 0 ? String(Math.round(readings.reduce((total, reading) => total + reading[field], 0))) : '-';
  lines.push(
    row([
      'total',
      '',
      sum(report.memory.idle, 'rssMb'),
      sum(report.memory.idle, 'pssMb'),
      sum(report.memory.loaded, 'rssMb'),
      sum(report.memory.loaded, 'pssMb'),
    ]),
  );
  for (const check of report.memoryChecks) lines.push(`${check.met ? 'met   ' : 'MISSED'} ${check.check}`);
  return lines;
}

export function writeResults(file: string, settings: object, reports: ModeReport[]): void {
  const machine = { cpus: os.cpus().length, loadavg: os.loadavg(), node: process.version, platform: os.platform() };
  const results = { measured_at: new Date().toISOString(), machine, settings, modes: reports };
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\nResults written to ${file}\n`);
}

function describeErrors(result: LoadResult): string {
  const codes = Object.entries(result.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${count} × ${code}`);
  return `${result.errors} failed of ${result.requests} (${codes.join(', ') || 'connection errors or timeouts'})`;
}

/**
 * Per route: bare, peer and route req/s, route ÷ bare and ÷ peer, p50/p99 of each and the route's
 * p99 ÷ bare p99, errors; then a line of verdicts, one per target.
 */
export function routeTable(runs: RouteRun[]): string[] {
  const latency = (result: LoadResult | undefined) => (result ? `${result.p50Ms}/${result.p99Ms}` : '-');
  const lines = [
    row(
      [
        'route',
        'bare',
        'peer',
        'route',
        'route/bare',
        'route/peer',
        'bare p50/p99',
        'peer p50/p99',
        'p50/p99',
        'p99/bare',
        'errors',
      ],
      ROUTE_WIDTHS,
    ),
  ];
  for (const run of runs) {
    lines.push(
      row(
        [
          run.route,
          String(run.baseline.requestsPerSecond),
          run.peer ? String(run.peer.requestsPerSecond) : '-',
          String(run.measured.requestsPerSecond),
          `${run.ratio.toFixed(2)}×`,
          run.peerRatio === undefined ? '-' : `${run.peerRatio.toFixed(2)}×`,
          latency(run.baseline),
          latency(run.peer),
          latency(run.measured),
          `${run.p99Ratio.toFixed(2)}×`,
          String(run.measured.errors + run.baseline.errors + (run.peer?.errors ?? 0)),
        ],
        ROUTE_WIDTHS,
      ),
    );
    if (run.verdicts.length > 0) lines.push(`   ${run.verdicts.map(describeVerdict).join('; ')}`);
  }
  lines.push(
    '   (req/s; latency in ms; bare = node:http doing the work, peer = NestJS on Express + a microservice;',
    `    POST /v1/inquiries and the widget round trip with at most ${WRITE_CONNECTIONS} in flight)`,
  );
  return lines;
}

const WIDTHS = [22, 15, 12, 7, 8, 8, 7];
const ROUTE_WIDTHS = [26, 7, 7, 7, 11, 11, 13, 13, 10, 9, 7];

function row(cells: string[], widths = WIDTHS): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[i] ?? 0))).join(' ');
}
