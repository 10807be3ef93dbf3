import { APP_NAMES, SERVICE_NAMES, SLOW_RPC_PATTERNS, rpcDeadlineMs } from '@app/contracts';
import type { AppName } from '@app/contracts';
import { listingBody } from '../../test/harness/listing-body';
import { parseExposition } from '../../test/harness/prometheus-text';
import type { Sample } from '../../test/harness/prometheus-text';
import { measureBatch } from './batch';
import { runLoad } from './load';
import type { Workload } from './load';
import { distributedOptions, positiveOption } from './options';
import { freePort, signUpBroker, startDistributed } from './platforms';
import { PROPERTY_PATHS, seedPublishedListings } from './properties';
import { runBench, using } from './running';
import { DECISION_BODIES, locationPaths } from './workload';

/**
 * `npm run bench:rpc-deadlines`: the distributed platform, each route family driven in turn
 * (`--duration` s each, `--connections` at a time), then every process's
 * `rpc_client_request_duration_seconds` scraped: per pattern the calls answered (ok or a 4xx
 * error: timeouts and failures say nothing about how long an answer takes), p50 and p99 as
 * Prometheus's histogram_quantile reads them, the deadline the table gives and the one the
 * rule max(FLOOR_MS, K × p99) would give. docs/operations.md#rpc-deadlines shows a run.
 */
const FLOOR_MS = 1000;
const K = 10;
const HISTOGRAM = 'rpc_client_request_duration_seconds_bucket';
const ANSWERED = new Set(['ok', 'client_error']);
/** Listings for GET /v1/properties to search: enough for real plans, quick to seed. */
const LISTINGS = 5000;

const listing = (i: number) =>
  listingBody({ title_en: `Bright apartment ${i} facing Kingdom Tower`, price: 1_200_000 + i });

/** A broker's reads across every service (the token's workspace), one path per family. */
const WORKSPACE_READS = [
  '/v1/workspace/balance',
  '/v1/workspace/ledger',
  '/v1/workspace/purchases',
  '/v1/workspace/invoices',
  '/v1/workspace/billing-profile',
  '/v1/me/notifications',
  '/v1/me/notification-preferences',
  '/v1/me/push-subscriptions',
  '/v1/workspace/webhooks',
  '/v1/workspace/whatsapp',
  '/v1/inquiries',
  '/v1/bookings',
  '/v1/workspace/leads',
  '/v1/workspace/slots',
  '/v1/workspace/conversations',
  '/v1/listings',
  '/v1/projects',
  '/v1/workspace/verification',
  '/v1/me/saved-properties',
  '/v1/decisions',
  '/v1/health/services',
];

interface PatternFigures {
  pattern: string;
  calls: number;
  p50Ms: number;
  p99Ms: number;
}

/** histogram_quantile over the summed buckets: linear within the bucket the rank falls in. */
function quantile(buckets: [number, number][], q: number): number {
  const total = buckets.at(-1)?.[1] ?? 0;
  const rank = q * total;
  let previous: [number, number] = [0, 0];
  for (const bucket of buckets) {
    if (bucket[1] >= rank) {
      if (!Number.isFinite(bucket[0])) return previous[0];
      const inBucket = bucket[1] - previous[1];
      return previous[0] + (bucket[0] - previous[0]) * (inBucket === 0 ? 0 : (rank - previous[1]) / inBucket);
    }
    previous = bucket;
  }
  return previous[0];
}

/** Per pattern, the cumulative bucket counts of answered calls summed over outcomes and processes. */
function patternFigures(samples: Sample[]): PatternFigures[] {
  const byPattern = new Map<string, Map<number, number>>();
  for (const s of samples) {
    if (s.name !== HISTOGRAM || !ANSWERED.has(s.labels.outcome)) continue;
    const buckets = byPattern.get(s.labels.pattern) ?? new Map<number, number>();
    const le = s.labels.le === '+Inf' ? Infinity : Number(s.labels.le);
    buckets.set(le, (buckets.get(le) ?? 0) + s.value);
    byPattern.set(s.labels.pattern, buckets);
  }
  return [...byPattern]
    .map(([pattern, buckets]) => {
      const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
      return {
        pattern,
        calls: sorted.at(-1)?.[1] ?? 0,
        p50Ms: Math.round(quantile(sorted, 0.5) * 1000),
        p99Ms: Math.round(quantile(sorted, 0.99) * 1000),
      };
    })
    .sort((a, b) => b.p99Ms - a.p99Ms);
}

async function main(): Promise<void> {
  const durationS = positiveOption('duration', 5);
  const connections = positiveOption('connections', 4);
  const settings = distributedOptions();
  // Ports of its own: the machine may run another platform on the fixed ones.
  const ports = {} as Record<AppName, number>;
  for (const app of APP_NAMES) ports[app] = await freePort(Object.values(ports));
  const gatewayMetricsPort = await freePort(Object.values(ports));
  process.stdout.write('Starting the distributed platform…\n');
  const platform = await startDistributed(settings, { gatewayMetricsPort, ports });
  await using(platform, async () => {
    const apiKey = { authorization: `Bearer ${await platform.apiKey()}` };
    const broker = await signUpBroker(platform.baseUrl);
    const token = { authorization: `Bearer ${broker.token}` };
    await seedPublishedListings(platform.databaseUrl, LISTINGS);
    const reasoned = DECISION_BODIES.map((body) => ({ ...body, reasoning: true }));
    const families: [string, Workload][] = [
      ['locations', { method: 'GET', paths: locationPaths(), headers: apiKey }],
      ['decisions', { method: 'POST', paths: ['/v1/decisions'], bodies: DECISION_BODIES, headers: apiKey }],
      ['decisions with reasoning', { method: 'POST', paths: ['/v1/decisions'], bodies: reasoned, headers: apiKey }],
      ['properties', { method: 'GET', paths: PROPERTY_PATHS }],
      ['workspace reads', { method: 'GET', paths: WORKSPACE_READS, headers: token }],
      [
        'listing drafts',
        {
          method: 'POST',
          paths: ['/v1/listings'],
          bodies: Array.from({ length: 20 }, (_, i) => listing(i)),
          headers: token,
        },
      ],
    ];
    for (const [family, workload] of families) {
      const result = await runLoad(platform.baseUrl, workload, { durationS, connections });
      process.stdout.write(
        `${family}: ${result.requests} requests, p99 ${result.p99Ms} ms, statuses ${JSON.stringify(result.statusCodes)}\n`,
      );
    }
    const batch = await measureBatch(platform.baseUrl, apiKey, durationS);
    process.stdout.write(`decision batches of 100: ${batch.batches} answered, ${batch.errors} failed\n`);

    const urls = [
      `http://127.0.0.1:${gatewayMetricsPort}/metrics`,
      ...SERVICE_NAMES.map((app) => `http://127.0.0.1:${ports[app]}/metrics`),
    ];
    const samples: Sample[] = [];
    for (const url of urls) samples.push(...parseExposition(await (await fetch(url)).text()).samples);
    printTable(patternFigures(samples));
  });
}

function printTable(figures: PatternFigures[]): void {
  const seen = new Set(figures.map((f) => f.pattern));
  const unmeasured = Object.keys(SLOW_RPC_PATTERNS).filter((pattern) => !seen.has(pattern));
  process.stdout.write(
    `\n| pattern | calls | p50 ms | p99 ms | class | deadline ms | max(${FLOOR_MS}, ${K} × p99) ms |\n| --- | ---: | ---: | ---: | --- | ---: | ---: |\n`,
  );
  for (const f of figures) {
    const rule = Math.max(FLOOR_MS, Math.ceil((K * f.p99Ms) / 500) * 500);
    const deadlineClass = SLOW_RPC_PATTERNS[f.pattern] ?? 'standard';
    process.stdout.write(
      `| ${f.pattern} | ${f.calls} | ${f.p50Ms} | ${f.p99Ms} | ${deadlineClass} | ${rpcDeadlineMs(f.pattern)} | ${rule} |\n`,
    );
  }
  process.stdout.write(
    `\n${figures.length} patterns measured; slow patterns not driven here (${unmeasured.length}):\n`,
  );
  process.stdout.write(`${unmeasured.join(', ')}\n`);
}

runBench('bench:rpc-deadlines', main);
