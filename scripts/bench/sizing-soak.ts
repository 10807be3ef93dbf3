import path from 'node:path';
import { APP_NAMES } from '@app/contracts';
import type { AppName } from '@app/contracts';
import { readCpuSeconds, readMemory } from './memory';
import type { ProcessGroup } from './memory';
import { loadMix, prepareMixedTraffic, startInquiries } from './mixed-traffic';
import type { MixedTraffic } from './mixed-traffic';
import { distributedOptions, option, positiveOption } from './options';
import { distributedUnavailable, freePort, startDistributed } from './platforms';
import type { DistributedSettings, Platform } from './platforms';
import { readProcessMetrics } from './process-metrics';
import type { ProcessMetrics } from './process-metrics';
import { using } from './running';
import { HEAP_SHARE_OF_LIMIT, readShippedSizing } from './shipped-sizing';
import type { ShippedSizing } from './shipped-sizing';

/**
 * `npm run bench -- --soak=sizing[:<seconds>]`: the sizing soak (docs/kubernetes.md#sizing). Two
 * distributed platforms side by side (own ports, databases and NATS namespaces): one with every app
 * unlimited, one with every app's heap as its Deployment in k8s/base sets it (`--max-old-space-size`
 * from its NODE_OPTIONS, else 75 % of its memory limit). Both take the soak's mixed traffic
 * (scripts/bench/mixed-traffic.ts) at the same time, so the shared machine's noise hits both alike:
 *
 * 1. calibration rounds at a fixed rate move it to where the unlimited gateway reaches its HPA's
 *    target (70 % of its CPU request); from the last round, the rate at which each app reaches its
 *    own target, capped at the gateway's (one gateway at its target is the most this bench's single
 *    gateway carries);
 * 2. a run of `<seconds>` (45 by default) at each such rate, then one flat out (closed loop, as the
 *    route bench), reading per app: throughput and p99 of the mix, CPU, peak RSS (/proc every 2 s),
 *    peak heap used, GC time and full collections (the app's /metrics), limited / unlimited beside.
 *
 * Options: connections (50 per platform), calibrate (s per calibration round, 10), heap_profile (an
 * app whose heap profile the unlimited side writes near the end of the flat-out run, into
 * HEAP_PROFILE_DIR: scripts/bench/heap-sampling-preload.ts).
 */
const DEFAULT_SECONDS = 45;
const CALIBRATION_RATE = 100;
const CALIBRATION_ROUNDS = 3;
const SAMPLE_EVERY_MS = 2_000;
const ROOT = path.join(__dirname, '..', '..', '..');

interface Phase {
  label: string;
  /** Offered req/s; undefined runs flat out. */
  rate: number | undefined;
  /** The apps this rate puts at their HPA target (all apps flat out). */
  apps: AppName[];
}

export interface AppFigures {
  cores: number;
  cpuMsPerRequest: number;
  peakRssMiB: number;
  peakHeapUsedMiB: number;
  gcMs: number;
  majorGcs: number;
}

export interface RunFigures {
  requestsPerSecond: number;
  p99Ms: number;
  notOk: number;
  seconds: number;
  inquiries: Record<string, number>;
  apps: Record<AppName, AppFigures>;
}

/** `sizing` or `sizing:<seconds>` (per phase and condition); undefined when the soak asked for is another. */
export function sizingSeconds(spec: string): number | undefined {
  const match = /^sizing(?::(\d+))?$/.exec(spec);
  if (!match) return undefined;
  const seconds = Number(match[1] ?? DEFAULT_SECONDS);
  if (seconds < 1) throw new Error('soak=sizing:<seconds> takes a whole number ≥ 1');
  return seconds;
}

export async function sizingSoak(seconds: number): Promise<void> {
  const settings = distributedOptions();
  const unavailable = await distributedUnavailable(settings, false);
  if (unavailable) throw new Error(`the sizing soak needs the distributed mode: ${unavailable}`);
  const connections = positiveOption('connections', 50);
  const calibrateS = positiveOption('calibrate', 10);
  const shipped = new Map(APP_NAMES.map((app) => [app, readShippedSizing(ROOT, app)] as const));
  const heapOf = (app: AppName) => {
    const s = shipped.get(app) as ShippedSizing;
    return s.heapMiB ?? Math.floor(s.memoryLimitMiB * HEAP_SHARE_OF_LIMIT);
  };
  process.stdout.write(
    `Sizing soak: ${seconds} s per run, ${connections} connections per platform; limited heaps (MiB): ` +
      `${APP_NAMES.map((app) => `${app} ${heapOf(app)}`).join(', ')}\n`,
  );
  const limits = Object.fromEntries(APP_NAMES.map((app) => [app, `--max-old-space-size=${heapOf(app)}`]));
  const profiled = heapProfileOption();
  const profiling = profiled ? { [profiled]: `--require ${path.join(__dirname, 'heap-sampling-preload.js')}` } : {};
  process.stdout.write('Starting the distributed platform twice, unlimited then limited…\n');
  const unlimited = await startSide('unlimited', settings, profiling);
  await using(unlimited.platform, async () => {
    const limited = await startSide('limited', settings, limits);
    await using(limited.platform, async () => {
      const sides = [unlimited, limited];
      for (const side of sides) side.traffic = await prepareMixedTraffic(side.platform);
      const both = (load: Load, round: number) =>
        Promise.all(sides.map((side) => measureRun(side, load, round))) as Promise<[RunFigures, RunFigures]>;

      // The first round warms both up (JIT, pools); each next one moves the rate to the gateway's HPA target.
      let rate = CALIBRATION_RATE;
      let calibration: RunFigures | undefined;
      for (let round = 1; round <= CALIBRATION_ROUNDS; round++) {
        process.stdout.write(`Calibrating at ${rate} req/s for ${calibrateS} s…\n`);
        [calibration] = await both({ connections, durationS: calibrateS, overallRate: rate }, round);
        const gateway = calibration.apps.gateway;
        process.stdout.write(`  gateway ${gateway.cores} cores at ${calibration.requestsPerSecond} req/s\n`);
        rate = Math.round(
          (calibration.requestsPerSecond * targetCores(shipped.get('gateway') as ShippedSizing)) /
            Math.max(gateway.cores, 0.01),
        );
      }
      const phases = phasesFrom(shipped, calibration as RunFigures);
      for (const app of APP_NAMES)
        process.stdout.write(
          `  ${app.padEnd(12)} ${calibration?.apps[app].cpuMsPerRequest} CPU ms per request of the mix; ` +
            `HPA target ${targetCores(shipped.get(app) as ShippedSizing)} cores\n`,
        );
      for (const [i, phase] of phases.entries()) {
        process.stdout.write(`${phase.label}, both platforms at once, ${seconds} s…\n`);
        const load = { connections, durationS: seconds, overallRate: phase.rate };
        const profile =
          profiled && phase.rate === undefined ? profileBeforeTheEnd(unlimited, profiled, seconds) : undefined;
        const [u, l] = await both(load, CALIBRATION_ROUNDS + i + 1);
        clearTimeout(profile);
        printPhase(phase, seconds, shipped, heapOf, u, l);
      }
    });
  });
}

/** `--heap-profile=<app>`: the unlimited side's app samples its heap, written 3 s before the flat-out run ends. */
function heapProfileOption(): AppName | undefined {
  const app = option('heap_profile', '');
  if (app === '') return undefined;
  if (!(APP_NAMES as readonly string[]).includes(app)) throw new Error(`heap_profile: not an app: ${app}`);
  return app as AppName;
}

function profileBeforeTheEnd(side: Side, app: AppName, seconds: number): NodeJS.Timeout {
  return setTimeout(
    () => {
      for (const pid of side.platform
        .memoryGroups()
        .find((group) => group.label === app)
        ?.pids() ?? [])
        process.kill(pid, 'SIGUSR2');
    },
    Math.max(seconds - 3, 1) * 1000,
  );
}

interface Load {
  connections: number;
  durationS: number;
  overallRate: number | undefined;
}

/** One platform of the two, on free ports so both run at once; its traffic is prepared once both are up. */
interface Side {
  platform: Platform;
  traffic?: MixedTraffic;
  metricsUrls: Map<AppName, string>;
}

async function startSide(
  condition: string,
  settings: DistributedSettings,
  nodeOptions: Partial<Record<AppName, string>>,
): Promise<Side> {
  const ports = {} as Record<AppName, number>;
  for (const app of APP_NAMES) ports[app] = await freePort(Object.values(ports));
  const gatewayMetricsPort = await freePort(Object.values(ports));
  const platform = await startDistributed(settings, { nodeOptions, gatewayMetricsPort, ports });
  process.stdout.write(`  ${condition}: gateway on ${platform.baseUrl}\n`);
  const metricsUrls = new Map(
    APP_NAMES.map((app) => {
      const port = app === 'gateway' ? gatewayMetricsPort : ports[app];
      return [app, `http://127.0.0.1:${port}/metrics`] as const;
    }),
  );
  return { platform, metricsUrls };
}

function targetCores(s: ShippedSizing): number {
  return Math.round(s.cpuRequestCores * s.cpuTargetPercent) / 100;
}

/** One phase per distinct rate at which an app reaches its HPA target, capped at the gateway's; then flat out. */
function phasesFrom(shipped: Map<AppName, ShippedSizing>, calibration: RunFigures): Phase[] {
  const rateOf = (app: AppName) =>
    (targetCores(shipped.get(app) as ShippedSizing) * 1000) / Math.max(calibration.apps[app].cpuMsPerRequest, 0.001);
  const cap = rateOf('gateway');
  const byRate = new Map<number, AppName[]>();
  for (const app of APP_NAMES) {
    const rate = Math.max(10, Math.round(Math.min(rateOf(app), cap) / 10) * 10);
    byRate.set(rate, [...(byRate.get(rate) ?? []), app]);
  }
  return [
    ...[...byRate.entries()]
      .sort(([a], [b]) => a - b)
      .map(([rate, apps]) => ({ label: `HPA target of ${apps.join(', ')}: ${rate} req/s`, rate, apps })),
    { label: 'flat out', rate: undefined, apps: [...APP_NAMES] },
  ];
}

function appGroups(platform: Platform): ProcessGroup[] {
  return platform.memoryGroups().filter((group) => (APP_NAMES as readonly string[]).includes(group.label));
}

/** One run of the mix with the inquiries beside it, sampling every app's RSS and heap as it goes. */
async function measureRun(
  { platform, traffic, metricsUrls }: Side,
  load: Load,
  inquiryRound: number,
): Promise<RunFigures> {
  if (!traffic) throw new Error('the mixed traffic is prepared before any run');
  const groups = appGroups(platform);
  const readAll = async () =>
    new Map(
      await Promise.all(
        APP_NAMES.map(async (app) => [app, await readProcessMetrics(metricsUrls.get(app) ?? '')] as const),
      ),
    );
  const peakRss = new Map<string, number>();
  const peakHeap = new Map<AppName, number>();
  const sample = async () => {
    for (const { label, rssMb } of readMemory(groups)) peakRss.set(label, Math.max(peakRss.get(label) ?? 0, rssMb));
    for (const [app, metrics] of await readAll())
      peakHeap.set(app, Math.max(peakHeap.get(app) ?? 0, metrics?.heapUsedMiB ?? 0));
  };
  const cpuBefore = readCpuSeconds(groups);
  const before = await readAll();
  const started = Date.now();
  let loading = true;
  const sampler = (async () => {
    while (loading) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  const inquiries = startInquiries(platform.baseUrl, traffic.buyers, traffic.propertyIds, inquiryRound);
  const result = await loadMix(platform.baseUrl, traffic.requests, load);
  const sent = await inquiries.stop();
  loading = false;
  await sampler;
  await sample();
  const seconds = (Date.now() - started) / 1000;
  const cpuAfter = readCpuSeconds(groups);
  const after = await readAll();
  const apps = Object.fromEntries(
    APP_NAMES.map((app) => {
      const cpu = (cpuAfter.get(app) ?? 0) - (cpuBefore.get(app) ?? 0);
      const delta = (read: (m: ProcessMetrics) => number) =>
        (after.get(app) ? read(after.get(app) as ProcessMetrics) : 0) -
        (before.get(app) ? read(before.get(app) as ProcessMetrics) : 0);
      return [
        app,
        {
          cores: round(cpu / seconds, 2),
          cpuMsPerRequest: round((cpu * 1000) / Math.max(result.requests.total, 1), 2),
          peakRssMiB: round(peakRss.get(app) ?? 0, 0),
          peakHeapUsedMiB: round(peakHeap.get(app) ?? 0, 0),
          gcMs: round(
            delta((m) => m.gcMs),
            0,
          ),
          majorGcs: delta((m) => m.majorGcs),
        },
      ];
    }),
  ) as Record<AppName, AppFigures>;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    notOk: result.non2xx + result.errors + result.timeouts,
    seconds: round(seconds, 1),
    inquiries: sent.answered,
    apps,
  };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function ratio(limited: number, unlimited: number): string {
  return unlimited === 0 ? (limited === 0 ? '1' : '∞') : round(limited / unlimited, 2).toString();
}

/** The phase's table in Markdown: per app its two runs and limited / unlimited, ready for docs/kubernetes.md. */
function printPhase(
  phase: Phase,
  seconds: number,
  shipped: Map<AppName, ShippedSizing>,
  heapOf: (app: AppName) => number,
  unlimited: RunFigures,
  limited: RunFigures,
): void {
  const out: string[] = [
    '',
    `${phase.label}, ${seconds} s each: the mix at ${unlimited.requestsPerSecond} req/s (p99 ${unlimited.p99Ms} ms, ` +
      `${unlimited.notOk} not 2xx) unlimited, ${limited.requestsPerSecond} req/s (p99 ${limited.p99Ms} ms, ` +
      `${limited.notOk} not 2xx) limited: req/s ×${ratio(limited.requestsPerSecond, unlimited.requestsPerSecond)}, ` +
      `p99 ×${ratio(limited.p99Ms, unlimited.p99Ms)}; inquiries answered ${JSON.stringify(unlimited.inquiries)} ` +
      `unlimited, ${JSON.stringify(limited.inquiries)} limited`,
    '',
    '| app (limit, heap) | run | cores (HPA target) | CPU ms/req | peak RSS MiB (% of limit) | peak heap used MiB | GC ms (% of run) | full GCs |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const app of phase.apps) {
    const s = shipped.get(app) as ShippedSizing;
    const row = (run: RunFigures, name: string) => {
      const a = run.apps[app];
      return (
        `| ${name === 'unlimited' ? `${app} (${s.memoryLimitMiB}Mi, ${heapOf(app)})` : ''} | ${name} | ` +
        `${a.cores} (${targetCores(s)}) | ${a.cpuMsPerRequest} | ${a.peakRssMiB} (${Math.round((a.peakRssMiB * 100) / s.memoryLimitMiB)} %) | ` +
        `${a.peakHeapUsedMiB} | ${a.gcMs} (${round(a.gcMs / (run.seconds * 10), 1)} %) | ${a.majorGcs} |`
      );
    };
    const u = unlimited.apps[app];
    const l = limited.apps[app];
    out.push(
      row(unlimited, 'unlimited'),
      row(limited, 'limited'),
      `| | limited / unlimited | ×${ratio(l.cores, u.cores)} | ×${ratio(l.cpuMsPerRequest, u.cpuMsPerRequest)} | ` +
        `×${ratio(l.peakRssMiB, u.peakRssMiB)} | ×${ratio(l.peakHeapUsedMiB, u.peakHeapUsedMiB)} | ` +
        `×${ratio(l.gcMs, u.gcMs)} | ${u.majorGcs} → ${l.majorGcs} |`,
    );
  }
  process.stdout.write(out.join('\n') + '\n');
}
