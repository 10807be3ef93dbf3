import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { decisionCost } from '@app/contracts';
import type { DecisionResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { searchLocations } from '../../apps/decision/src/locations/location-search';
import {
  benchWorkspace,
  debitDecision,
  loadLocationIndex,
  openDataSource,
  propertySearch,
  storeDecision,
} from './route-work';
import type { Sql } from './route-work';
import { searchQueryOf } from './search-query';

/**
 * The baselines: a bare node:http server, in its own process like the platform, doing the
 * work a route cannot avoid and nothing else. Started by baseline.ts with BENCH_BASELINE
 * (`locations` or `decisions`) and BENCH_DATABASE_URL (the platform's database); reports its port over IPC.
 */
type Handler = (url: URL, body: string) => Promise<{ status: number; json: unknown }>;

/** The same in-memory search over the same gazetteer, read from the platform's database as the service reads it. */
async function locationsHandler(databaseUrl: string): Promise<Handler> {
  const dataSource = await openDataSource(databaseUrl, 'bench-baseline', 2);
  const index = await loadLocationIndex(dataSource);
  await dataSource.destroy();
  return (url) => answer(() => Promise.resolve(searchLocations(index, Object.fromEntries(url.searchParams))));
}

/**
 * The SQL a scoring-only decision costs, the very statements the route runs: billing's
 * one-statement debit and the decision service's INSERT of the answer, one round trip each,
 * on the platform's own tables for a workspace of the baseline's own.
 */
async function decisionsHandler(sql: Sql): Promise<Handler> {
  const workspaceId = await benchWorkspace(sql);
  return async (_url, body) => {
    const request = JSON.parse(body) as { reasoning?: unknown };
    const id = randomUUID();
    const balance = await debitDecision(sql, workspaceId, id, decisionCost(request.reasoning));
    if (balance === undefined) return { status: 402, json: { error: 'insufficient_decisions' } };
    const response = { ...SAMPLE_RESPONSE, id, credits_remaining: balance, created_at: new Date().toISOString() };
    await storeDecision(sql, workspaceId, request, response);
    return { status: 200, json: response };
  };
}

/** GET /v1/properties' statement (route-work.ts), its query checked as the gateway checks it. */
async function propertiesHandler(sql: Sql): Promise<Handler> {
  const search = await propertySearch(sql);
  return (url) => answer(async () => search(await searchQueryOf(url.searchParams)));
}

/** A 200 with the work's answer, or the registry error it threw in its shape. */
async function answer(work: () => Promise<unknown>): Promise<{ status: number; json: unknown }> {
  try {
    return { status: 200, json: await work() };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, json: err.toEnvelope() };
  }
}

/** An answer of the route's size and shape, stored and returned by the baseline. */
const SAMPLE_RESPONSE: DecisionResponse = {
  object: 'decision',
  id: '',
  verdict: 'partial',
  score: 55,
  breakdown: {
    price: { score: 40, status: 'warn' },
    location: { score: 65, status: 'warn' },
    size: { score: 50, status: 'warn' },
    details: { score: 80, status: 'pass' },
  },
  price_per_sqm: 8000,
  benchmark: {
    median_sqm: 6199,
    p25_sqm: 5774,
    p75_sqm: 6670,
    year: 2025,
    transaction_count: 10,
    yoy_pct: 7.8,
    scope: 'district',
  },
  location: {
    city_id: 3,
    city_name_en: 'Riyadh',
    city_name_ar: 'الرياض',
    district_id: 10100003075,
    district_name_en: 'Al Olaya',
    district_name_ar: 'حي العليا',
  },
  credits_used: 1,
  credits_remaining: 0,
  decisions_used: 1,
  decisions_remaining: 0,
  created_at: '',
};

async function main(): Promise<void> {
  const kind = process.env.BENCH_BASELINE;
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');
  const pool = new Pool({ connectionString: databaseUrl, max: 10, application_name: 'bench-baseline' });
  const sql: Sql = async <T>(text: string, params: unknown[]) => (await pool.query(text, params)).rows as T[];
  const handlers: Record<string, () => Promise<Handler>> = {
    locations: () => locationsHandler(databaseUrl),
    decisions: () => decisionsHandler(sql),
    properties: () => propertiesHandler(sql),
  };
  const make = kind === undefined ? undefined : handlers[kind];
  if (!make) throw new Error(`BENCH_BASELINE must be one of ${Object.keys(handlers).join(', ')}`);
  const handler = await make();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handler(new URL(req.url ?? '/', 'http://baseline'), Buffer.concat(chunks).toString('utf8'))
        .catch((err: unknown) => ({ status: 500, json: { error: { code: 'internal_error', message: String(err) } } }))
        .then(({ status, json }) => {
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(json));
        })
        .catch(() => res.destroy());
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

  const stop = async () => {
    server.close();
    server.closeAllConnections();
    await pool.end();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  // The bench process died without stopping us (SIGKILL): do not outlive it.
  process.once('disconnect', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`baseline: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
