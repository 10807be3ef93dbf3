import { IDLE_S, idleMemoryChecks, readIdleMemory } from './idle-memory';
import { distributedOptions, modesOption, positiveOption } from './options';
import { distributedUnavailable, startDistributed, startStandalone } from './platforms';
import type { DistributedSettings, Mode } from './platforms';
import { memoryTable, writeResults } from './report';
import type { ModeReport } from './report';
import { runBench, using } from './running';

/**
 * `npm run bench:memory`: each mode's platform started afresh (`npm start`, `npm run
 * start:distributed`), left idle for `--idle` seconds (10) once it answers ready and before
 * any request, then every process's resident memory (VmRSS, and PSS). Targets: each service
 * process < 100 MB RSS; the whole standalone platform, embedded PostgreSQL included, < 700 MB.
 * `npm run bench` reads the same figures beside its throughput runs.
 */
const RESULTS_FILE = 'bench-memory.json';

async function idleMode(mode: Mode, idleS: number, distributed: DistributedSettings): Promise<ModeReport> {
  const report: ModeReport = {
    mode,
    skipped: [],
    failures: [],
    runs: [],
    memory: { idle: [], loaded: [] },
    memoryChecks: [],
  };
  const reason = mode === 'distributed' ? await distributedUnavailable(distributed) : undefined;
  if (reason) {
    report.skipped.push(`distributed mode: ${reason}`);
    return report;
  }
  process.stdout.write(`Starting the ${mode} platform, then idling ${idleS} s…\n`);
  const platform = mode === 'standalone' ? await startStandalone() : await startDistributed(distributed);
  return using(platform, async () => {
    report.memory.idle = await readIdleMemory(platform, idleS);
    report.memoryChecks = idleMemoryChecks(mode, report.memory.idle);
    return report;
  });
}

async function main(): Promise<void> {
  const settings = { modes: modesOption(), idleS: positiveOption('idle', IDLE_S) };
  const reports: ModeReport[] = [];
  for (const mode of settings.modes) {
    const report = await idleMode(mode, settings.idleS, distributedOptions());
    const lines = [
      `\n== ${mode}: idle ${settings.idleS} s after ready ==`,
      ...report.skipped.map((r) => `SKIPPED: ${r}`),
    ];
    if (report.memory.idle.length > 0) lines.push(...memoryTable(report));
    process.stdout.write(`${lines.join('\n')}\n`);
    reports.push(report);
  }
  writeResults(RESULTS_FILE, settings, reports);
}

runBench('bench:memory', main);
