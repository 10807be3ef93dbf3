import path from 'node:path';
import { startBaseline } from './baseline';
import { runLoad } from './load';
import type { LoadResult, Workload } from './load';
import { readCpuSeconds } from './memory';
import { choiceOption, option, positiveOption } from './options';
import { startStandalone } from './platforms';
import type { Platform } from './platforms';
import { runBench, using } from './running';
import { DECISION_BODIES, locationPaths } from './workload';

/**
 * `npm run bench:compare -- --other=<another build's dist/>`: `GET /v1/locations` (or, with
 * `--route=decisions`, `POST /v1/decisions` beside its SQL baseline) on two builds
 * in the same run, both standalone platforms up at once and measured in alternation (baseline,
 * this build, the other build, each round), so a noisy machine weighs on both alike. How the
 * Passport move was judged (docs/performance.md): the other build is the commit before it, built
 * in its own worktree. Options: other (required), build (the first build's dist/: this one by default),
 * rounds (3), duration (s per run, 5), warmup (s before each run, 3), connections (50), node_args
 * and other_node_args (Node flags for each platform, space-separated: the same build twice
 * with and without a flag compares the flag).
 */
const THIS_BUILD = path.join(__dirname, '..', '..');

interface Round {
  baseline: LoadResult;
  current: LoadResult;
  other: LoadResult;
}

/**
 * One run, and the CPU the platform's Node process spent per request over it: on a machine
 * too busy for req/s to compare, CPU ms per request still does.
 */
async function measure(platform: Platform, durationS: number, connections: number): Promise<LoadResult> {
  const warmupS = positiveOption('warmup', 3);
  const headers = { authorization: `Bearer ${await platform.apiKey()}` };
  const workload: Workload =
    routeOption() === 'decisions'
      ? { method: 'POST', paths: ['/v1/decisions'], bodies: DECISION_BODIES, headers }
      : { method: 'GET', paths: locationPaths(), headers };
  await runLoad(platform.baseUrl, workload, { durationS: warmupS, connections });
  const node = platform.memoryGroups().filter((group) => group.label === 'standalone node');
  const before = readCpuSeconds(node);
  const result = await runLoad(platform.baseUrl, workload, { durationS, connections });
  const seconds = (readCpuSeconds(node).get('standalone node') ?? 0) - (before.get('standalone node') ?? 0);
  result.cpu = [
    {
      label: 'standalone node',
      cores: Math.round((seconds / durationS) * 100) / 100,
      msPerRequest: Math.round((seconds * 1000 * 100) / Math.max(result.requests, 1)) / 100,
    },
  ];
  return result;
}

async function main(): Promise<void> {
  const other = option('other', '');
  if (!other) throw new Error('--other=<dist folder of the build to compare with> is required');
  const rounds = positiveOption('rounds', 3);
  const durationS = positiveOption('duration', 5);
  const connections = positiveOption('connections', 50);
  const build = path.resolve(option('build', THIS_BUILD));
  const nodeArgs = (name: string) => option(name, '').split(' ').filter(Boolean);
  process.stdout.write(`Starting this build (${build}) and the other (${other})…\n`);
  await using(await startStandalone(nodeArgs('node_args'), build), async (current) =>
    using(await startStandalone(nodeArgs('other_node_args'), path.resolve(other)), async (previous) => {
      const results: Round[] = [];
      for (let round = 1; round <= rounds; round++) {
        const baseline = await using(await startBaseline(routeOption(), current.databaseUrl), (server) =>
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
          `round ${round}: baseline ${baseline.requestsPerSecond} req/s; this ${describe(row.current, baseline)}; ` +
            `other ${describe(row.other, baseline)}; this/other ${ratio(row.current, row.other)} req/s, ` +
            `${cpuRatio(row.current, row.other)} CPU per request\n`,
        );
      }
      const quotients = results.map((r) => Number(ratio(r.current, r.other)));
      const cpu = results.map((r) => Number(cpuRatio(r.current, r.other)));
      process.stdout.write(
        `this/other over ${rounds} rounds: req/s ${Math.min(...quotients)}–${Math.max(...quotients)}, ` +
          `CPU ms per request ${Math.min(...cpu)}–${Math.max(...cpu)}\n`,
      );
    }),
  );
}

function routeOption(): 'locations' | 'decisions' {
  return choiceOption('route', ['locations', 'decisions'], 'locations');
}

function describe(run: LoadResult, baseline: LoadResult): string {
  const cpu = run.cpu?.[0];
  return (
    `${run.requestsPerSecond} req/s (${ratio(run, baseline)}×, p99 ${run.p99Ms} ms, ${run.errors} errors, ` +
    `${cpu?.msPerRequest ?? '?'} CPU ms/request on ${cpu?.cores ?? '?'} cores)`
  );
}

function cpuRatio(a: LoadResult, b: LoadResult): string {
  return ((a.cpu?.[0]?.msPerRequest ?? 0) / Math.max(b.cpu?.[0]?.msPerRequest ?? 0, 0.001)).toFixed(2);
}

function ratio(a: LoadResult, b: LoadResult): string {
  return (a.requestsPerSecond / Math.max(b.requestsPerSecond, 1)).toFixed(2);
}

runBench('bench:compare', main);
