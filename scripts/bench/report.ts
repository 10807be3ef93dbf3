import fs from 'node:fs';
import os from 'node:os';
import type { LoadResult, LoadSettings } from './load';
import type { MemoryReading } from './memory';
import type { Mode } from './platforms';

/** One route measured beside its baseline, in the same run. */
export interface RouteRun {
  route: string;
  baseline: LoadResult;
  measured: LoadResult;
  /** measured / baseline requests per second. */
  ratio: number;
  /** What the issue asks of this route in this mode; '' when it asks nothing. */
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
        run.measured.errors > 0 ? `${run.route}: ${describeErrors(run.measured)}` : '',
      ].filter(Boolean),
    ),
  );
}

export function printModeReport(report: ModeReport, settings: LoadSettings): void {
  const lines = [`\n== ${report.mode} (${settings.durationS} s per run, ${settings.connections} connections) ==`];
  for (const reason of report.skipped) lines.push(`SKIPPED: ${reason}`);
  if (report.runs.length > 0) {
    lines.push(
      row(['route', 'baseline req/s', 'route req/s', 'ratio', 'p50 ms', 'p99 ms', 'errors', 'target']),
      ...report.runs.map((run) =>
        row([
          run.route,
          String(run.baseline.requestsPerSecond),
          String(run.measured.requestsPerSecond),
          run.ratio.toFixed(2),
          String(run.measured.p50Ms),
          String(run.measured.p99Ms),
          String(run.measured.errors + run.baseline.errors),
          run.target ? `${run.target}: ${run.met ? 'met' : 'MISSED'}` : '-',
        ]),
      ),
      `   (baseline p50/p99 ms: ${report.runs.map((run) => `${run.route} ${run.baseline.p50Ms}/${run.baseline.p99Ms}`).join('; ')})`,
    );
  }
  for (const run of report.runs) {
    if (!run.measured.cpu) continue;
    const cpu = run.measured.cpu.map((group) => `${group.label} ${group.cores} cores, ${group.msPerRequest} ms/req`);
    lines.push(`   CPU during ${run.route}: ${cpu.join('; ')}`);
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

const WIDTHS = [22, 15, 12, 7, 8, 8, 7];

function row(cells: string[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(WIDTHS[0]) : cell.padStart(WIDTHS[i] ?? 0))).join(' ');
}
