import { startBaseline } from './baseline';
import type { Baseline, BaselineKind } from './baseline';
import { runLoad } from './load';
import type { LoadResult, LoadSettings, Workload } from './load';
import { readCpuSeconds } from './memory';
import type { ProcessGroup } from './memory';
import { runOneShot } from './one-shot-load';
import type { Lane } from './one-shot-load';
import { hasPeer, startPeer } from './peer/peer';
import type { Mode, Platform } from './platforms';
import type { RouteRun } from './report';
import { using } from './running';
import { ratios, verdicts } from './targets';

/** How long each run lasts and warms up, with how many connections; where the peer's NATS is. */
export interface CompareSettings extends LoadSettings {
  warmupS: number;
  distributed: { natsUrl: string };
}

const WARMUP_CONNECTIONS = 10;

/**
 * A run with the CPU each process group spent on it (the platform's processes, the bare server's,
 * the peer's): what the Kubernetes CPU requests are sized from (docs/kubernetes.md), and the
 * figure to compare stacks by on a busy machine.
 */
export async function measureWithCpu(
  server: { baseUrl: string; memoryGroups(): ProcessGroup[] },
  workload: Workload | Load,
  options: CompareSettings,
): Promise<LoadResult> {
  const load = loadOf(workload);
  await load(server.baseUrl, { durationS: options.warmupS, connections: WARMUP_CONNECTIONS });
  const groups = server.memoryGroups();
  const before = readCpuSeconds(groups);
  const result = await load(server.baseUrl, options);
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

/** How a run sends its requests, when autocannon repeating a workload will not do (one-shot-load.ts). */
export type Load = (baseUrl: string, settings: LoadSettings) => Promise<LoadResult>;

function loadOf(workload: Workload | Load): Load {
  return typeof workload === 'function' ? workload : (baseUrl, settings) => runLoad(baseUrl, workload, settings);
}

/** A one-shot load whose successive calls (the warm-up, then the run) each send their own requests. */
export function oneShotLoad(runs: ((baseUrl: string) => Lane[])[], expectedStatus: number): Load {
  let call = 0;
  return async (baseUrl, settings) => {
    const result = await runOneShot(runs[Math.min(call++, runs.length - 1)](baseUrl), settings, expectedStatus);
    if (result.exhausted) process.stdout.write(`   (its requests ran out after ${result.requests}: a shorter run)\n`);
    return result;
  };
}

export interface Compared {
  baseline: LoadResult;
  peer?: LoadResult;
  measured: LoadResult;
}

/**
 * The bare baseline, then the NestJS peer (when the route has one), then the route, back to back.
 * `workspaceId`: the workspace whose data the bare server reads (the bench key's).
 */
export async function compare(
  platform: Platform,
  kind: BaselineKind,
  workload: Workload | { baseline: Load; route: Load },
  options: CompareSettings,
  workspaceId?: string,
): Promise<Compared> {
  const [baselineLoad, routeLoad] = 'method' in workload ? [workload, workload] : [workload.baseline, workload.route];
  const measureOn = (load: Workload | Load) => (server: Baseline) =>
    measureWithCpu({ ...server, baseUrl: server.url }, load, options);
  const baseline = await using(await startBaseline(kind, platform.databaseUrl, workspaceId), measureOn(baselineLoad));
  const peerRun = hasPeer(kind)
    ? await using(
        await startPeer(kind, platform.mode, platform.databaseUrl, options.distributed.natsUrl),
        measureOn(baselineLoad),
      )
    : undefined;
  return { baseline, peer: peerRun, measured: await measureWithCpu(platform, routeLoad, options) };
}

/** A route's run against its baselines, with its ratios and the verdicts (judged on exact figures). */
export function routeRun(route: string, mode: Mode, { baseline, peer, measured }: Compared): RouteRun {
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
