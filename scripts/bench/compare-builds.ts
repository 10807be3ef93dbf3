import path from 'node:path';
import { startBaseline } from './baseline';
import { runLoad } from './load';
import type { LoadResult, Workload } from './load';
import { option, positiveOption } from './options';
import { startStandalone } from './platforms';
import type { Platform } from './platforms';
import { runBench, using } from './running';
import { locationPaths } from './workload';

/**
 * `npm run bench:compare -- --other=<another build's dist/>`: `GET /v1/locations` on two builds
 * in the same run, both standalone platforms up at once and measured in alternation (baseline,
 * this build, the other build, each round), so a noisy machine weighs on both alike. How the
 * Passport move was judged (docs/performance.md): the other build is the commit before it, built
 * in its own worktree. Options: other (required), build (the first build's dist/: this one by default),
 * rounds (3), duration (s per run, 5), warmup (s before each run, 3), connections (50).
 */
const THIS_BUILD = path.join(__dirname, '..', '..');

interface Round {
  baseline: LoadResult;
  current: LoadResult;
  other: LoadResult;
}

async function measure(platform: Platform, durationS: number, connections: number): Promise<LoadResult> {
  const warmupS = positiveOption('warmup', 3);
  const workload: Workload = {
    method: 'GET',
    paths: locationPaths(),
    headers: { authorization: `Bearer ${await platform.apiKey()}` },
  };
  await runLoad(platform.baseUrl, workload, { durationS: warmupS, connections });
  return runLoad(platform.baseUrl, workload, { durationS, connections });
}

async function main(): Promise<void> {
  const other = option('other', '');
  if (!other) throw new Error('--other=<dist folder of the build to compare with> is required');
  const rounds = positiveOption('rounds', 3);
  const durationS = positiveOption('duration', 5);
  const connections = positiveOption('connections', 50);
  const build = path.resolve(option('build', THIS_BUILD));
  process.stdout.write(`Starting this build (${build}) and the other (${other})…\n`);
  await using(await startStandalone([], build), async (current) =>
    using(await startStandalone([], path.resolve(other)), async (previous) => {
      const results: Round[] = [];
      for (let round = 1; round <= rounds; round++) {
        const baseline = await using(await startBaseline('locations', current.databaseUrl), (server) =>
          measure({ ...current, baseUrl: server.url }, durationS, connections),
        );
        // Alternate which build goes first, so neither always runs right after the baseline.
        const first = round % 2 === 1 ? current : previous;
        const second = first === current ? previous : current;
        const a = await measure(first, durationS, connections);
        const b = await measure(second, durationS, connections);
        const row = { baseline, current: first === current ? a : b, other: first === current ? b : a };
        results.push(row);
        process.stdout.write(
          `round ${round}: baseline ${baseline.requestsPerSecond} req/s, this ${row.current.requestsPerSecond} ` +
            `(${ratio(row.current, baseline)}×, p99 ${row.current.p99Ms} ms, ${row.current.errors} errors), ` +
            `other ${row.other.requestsPerSecond} (${ratio(row.other, baseline)}×, p99 ${row.other.p99Ms} ms, ` +
            `${row.other.errors} errors), this/other ${ratio(row.current, row.other)}\n`,
        );
      }
      const quotients = results.map((r) => Number(ratio(r.current, r.other)));
      process.stdout.write(`this/other over ${rounds} rounds: ${Math.min(...quotients)}–${Math.max(...quotients)}\n`);
    }),
  );
}

function ratio(a: LoadResult, b: LoadResult): string {
  return (a.requestsPerSecond / Math.max(b.requestsPerSecond, 1)).toFixed(2);
}

runBench('bench:compare', main);
