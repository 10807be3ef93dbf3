import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { serviceDataSourceOptions } from '@app/database';
import { decisionDatabase } from '../../apps/decision/src/database/decision.database';
import { BILLING_BALANCE_LOW, SearchPropertiesRequest } from '@app/contracts';
import type { DecisionResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { DEBIT_SQL, debitParameters } from '../../apps/billing/src/ledger/ledger.repository';
import { INSERT_DECISION_SQL, insertDecisionParameters } from '../../apps/decision/src/decisions/decisions.repository';
import { requestHash } from '../../apps/decision/src/decisions/request-hash';
import { LocationIndex } from '../../apps/decision/src/locations/location-index';
import { searchLocations } from '../../apps/decision/src/locations/location-search';
import { LocationsRepository } from '../../apps/decision/src/locations/locations.repository';
import { searchQuery } from '../../apps/catalogue/src/properties/properties.repository';
import { searchQueryOf } from './search-query';

/**
 * The baselines: a bare node:http server, in its own process like the platform, doing the
 * work a route cannot avoid and nothing else. Started by baseline.ts with BENCH_BASELINE
 * (`locations` or `decisions`) and BENCH_DATABASE_URL (the platform's database); reports its port over IPC.
 */
type Handler = (url: URL, body: string) => Promise<{ status: number; json: unknown }>;

/** The same in-memory search over the same gazetteer, read from the platform's database as the service reads it. */
async function locationsHandler(databaseUrl: string): Promise<Handler> {
  const dataSource = await new DataSource(
    serviceDataSourceOptions(decisionDatabase, { url: databaseUrl, poolSize: 2, applicationName: 'bench-baseline' }),
  ).initialize();
  const { data } = await new LocationsRepository(dataSource).load();
  await dataSource.destroy();
  const index = new LocationIndex(data);
  return (url) => {
    try {
      const query = Object.fromEntries(url.searchParams);
      return Promise.resolve({ status: 200, json: searchLocations(index, query) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return Promise.resolve({ status: err.status, json: err.toEnvelope() });
    }
  };
}

/**
 * The SQL a scoring-only decision costs, the very statements the route runs: billing's
 * one-statement debit and the decision service's INSERT of the answer, one round trip each,
 * on the platform's own tables for a workspace of the baseline's own.
 */
async function decisionsHandler(pool: Pool): Promise<Handler> {
  const workspaceId = randomUUID();
  await pool.query(
    `INSERT INTO "billing"."balances" (workspace_id, asset, amount) VALUES ($1, 'decisions', 2000000000)`,
    [workspaceId],
  );
  return async (_url, body) => {
    const request = JSON.parse(body) as { reasoning?: unknown };
    const cost = request.reasoning === true ? 3 : 1;
    const id = randomUUID();
    const debited = await pool.query<{ id: string; balance_after: number }>(
      DEBIT_SQL,
      debitParameters({
        workspaceId,
        asset: 'decisions',
        amount: cost,
        reference: `decision:${id}`,
        idempotencyKey: `debit:decision:${id}:${randomUUID()}`,
        createdAt: new Date(),
        defaultThreshold: 3,
        lowBalanceEvent: { id: randomUUID(), subject: BILLING_BALANCE_LOW, requestId: null, traceparent: null },
      }),
    );
    if (debited.rows.length === 0) return { status: 402, json: { error: 'insufficient_decisions' } };
    const response = {
      ...SAMPLE_RESPONSE,
      id,
      credits_remaining: debited.rows[0].balance_after,
      created_at: new Date().toISOString(),
    };
    await pool.query(INSERT_DECISION_SQL, insertDecisionParameters(workspaceId, requestHash(request), response));
    return { status: 200, json: response };
  };
}

/**
 * GET /v1/properties' SQL, the very statement the catalogue runs (searchQuery, image keys
 * included), on the platform's own tables. The bench's `city` words are mapped to ids by English
 * name (the route asks the gazetteer), and rows are returned as stored.
 */
async function propertiesHandler(pool: Pool): Promise<Handler> {
  const cities = await pool.query<{ name: string; city_id: string }>(
    `SELECT DISTINCT lower(city_en) AS name, city_id FROM catalogue.listings WHERE status = 'published'`,
  );
  const cityIds = new Map<string, number[]>();
  for (const { name, city_id } of cities.rows) cityIds.set(name, [...(cityIds.get(name) ?? []), Number(city_id)]);
  return async (url) => {
    try {
      const filters = await searchQueryOf(url.searchParams);
      const city = filters.city;
      const city_ids = city === undefined ? undefined : (cityIds.get(city.toLowerCase()) ?? []);
      const { sql, params } = searchQuery(Object.assign(new SearchPropertiesRequest(), filters, { city_ids }));
      const rows = (await pool.query<{ id: string }>(sql, params)).rows;
      return { status: 200, json: { properties: rows, count: rows.length, offset: filters.offset } };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { status: err.status, json: err.toEnvelope() };
    }
  };
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
  let pool: Pool | undefined;
  let handler: Handler;
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');
  if (kind === 'locations') handler = await locationsHandler(databaseUrl);
  else if (kind === 'decisions') {
    pool = new Pool({ connectionString: databaseUrl, max: 10, application_name: 'bench-baseline' });
    handler = await decisionsHandler(pool);
  } else if (kind === 'properties') {
    pool = new Pool({ connectionString: databaseUrl, max: 10, application_name: 'bench-baseline' });
    handler = await propertiesHandler(pool);
  } else throw new Error('BENCH_BASELINE must be locations, decisions or properties');

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
    await pool?.end();
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
