import fs from 'node:fs';

/**
 * Reads a V8 `.cpuprofile` (`node --cpu-prof`) and splits its samples into the stages of a
 * gateway request. A sample belongs to the stage of the innermost frame that names one: a
 * JSON.parse called from the in-process transport counts as transport, a class-validator call
 * made by the service's pipe as validation.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  /** Microseconds since the previous sample. */
  timeDeltas: number[];
}

export interface StageShare {
  stage: string;
  percent: number;
}

/** A stage's share, and what it costs per request: the share of the process's measured CPU. */
export interface StageCost extends StageShare {
  microsPerRequest: number;
}

/**
 * Turns shares into CPU microseconds per request: `cpuSeconds` is the process's own CPU time over
 * the load (/proc, utime + stime), not the profile's sample time, which on a busy machine also
 * counts the time the process waited for a core.
 */
export function stageCosts(shares: StageShare[], cpuSeconds: number, requests: number): StageCost[] {
  const perRequest = (cpuSeconds * 1e6) / Math.max(requests, 1);
  return shares.map((share) => ({ ...share, microsPerRequest: (share.percent / 100) * perRequest }));
}

/** First match wins, so the more specific patterns come first. */
const STAGES: [stage: string, test: (url: string, fn: string) => boolean][] = [
  ['(idle)', (_url, fn) => fn === '(idle)'],
  ['garbage collection', (_url, fn) => fn === '(garbage collector)'],
  [
    'validation (class-validator, class-transformer)',
    (url) => /class-validator|class-transformer|validation\.pipe/.test(url),
  ],
  [
    'request log (pino, pino-http, nestjs-pino)',
    (url) =>
      /node_modules\/(pino|pino-http|nestjs-pino|pino-std-serializers|sonic-boom|fast-redact|thread-stream)\//.test(
        url,
      ),
  ],
  ['request context (async hooks)', (url) => /async_hooks|async_local_storage|request-context/.test(url)],
  [
    'guard (API key, token, access rules)',
    (url) => /identity\/(access|api-keys|auth)|passport|identity\/secrets/.test(url),
  ],
  ['OAuth access token (jose, the grant check)', (url) => /node_modules\/jose\/|\/gateway\/src\/oauth\//.test(url)],
  [
    'MCP (SDK, JSON-RPC, zod, tool dispatch)',
    (url) => /node_modules\/(@modelcontextprotocol|zod|zod-to-json-schema)\/|\/gateway\/src\/mcp\//.test(url),
  ],
  [
    'transport (rxjs, in-process/NATS client and server, envelope)',
    (url) => /node_modules\/(rxjs|@nestjs\/microservices|nats)\/|libs\/messaging|\/rpc\//.test(url),
  ],
  [
    'the work (location search, scoring, property search, database)',
    (url) => /apps\/(decision|billing|catalogue)|node_modules\/(pg|pg-protocol|typeorm)\//.test(url),
  ],
  ['errors and envelope (exception filter, error registry)', (url) => /libs\/errors/.test(url)],
  ['security headers and CORS (helmet)', (url) => /node_modules\/(helmet|@fastify\/cors)\//.test(url)],
  [
    'Nest pipeline (router, guards, pipes, interceptors)',
    (url) => /node_modules\/@nestjs\/(core|common|platform-fastify)\//.test(url),
  ],
  [
    'HTTP (Fastify, node:http, sockets)',
    (url) =>
      /node_modules\/(fastify|@fastify|find-my-way|light-my-request|avvio|fast-json-stringify|fast-querystring|@fastify\/middie)\/|node:_http|node:http|node:net|node:stream|node:internal\/(streams|http|stream_base)/.test(
        url,
      ),
  ],
  ['gateway and platform code', (url) => /\/dist\/(apps|libs)\//.test(url)],
];

function stageOf(node: ProfileNode): string | undefined {
  const { url, functionName } = node.callFrame;
  return STAGES.find(([, test]) => test(url, functionName))?.[0];
}

/**
 * Each stage's share of the non-idle samples of the load, largest first: the `windowS`
 * seconds before the last sample spent in HTTP code, so start-up and shutdown are left out.
 */
export function stageBreakdown(file: string, windowS: number): StageShare[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const memo = new Map<number, string>();
  const stageFor = (id: number): string => {
    const known = memo.get(id);
    if (known) return known;
    const own = stageOf(byId.get(id) as ProfileNode);
    const up = parent.get(id);
    const stage = own ?? (up === undefined ? 'other (Node internals, (program))' : stageFor(up));
    memo.set(id, stage);
    return stage;
  };
  const times: number[] = [];
  let now = 0;
  for (const delta of profile.timeDeltas) times.push((now += delta));
  let end = now;
  for (let i = profile.samples.length - 1; i >= 0; i--)
    if (stageFor(profile.samples[i]).startsWith('HTTP')) {
      end = times[i];
      break;
    }
  const counts = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (times[i] > end || times[i] < end - windowS * 1e6) return;
    const stage = stageFor(id);
    counts.set(stage, (counts.get(stage) ?? 0) + 1);
  });
  counts.delete('(idle)');
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0) || 1;
  return [...counts.entries()]
    .map(([stage, n]) => ({ stage, percent: Math.round((n / total) * 1000) / 10 }))
    .sort((a, b) => b.percent - a.percent);
}
