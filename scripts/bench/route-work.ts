import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { serviceDataSourceOptions } from '@app/database';
import { BILLING_BALANCE_LOW, SearchPropertiesRequest, decisionCost } from '@app/contracts';
import type {
  BillingAsset,
  DecisionRequestBody,
  DecisionResponse,
  PropertiesPage,
  SearchPropertiesQuery,
} from '@app/contracts';
import { DEBIT_SQL, debitParameters } from '../../apps/billing/src/ledger/ledger.repository';
import { debitKey } from '../../apps/billing/src/ledger/ledger.service';
import { searchQuery } from '../../apps/catalogue/src/properties/properties.repository';
import { BenchmarkTable } from '../../apps/decision/src/benchmarks/benchmark-table';
import { BenchmarksRepository } from '../../apps/decision/src/benchmarks/benchmarks.repository';
import { chooseComparables } from '../../apps/decision/src/comparables/comparable-sales';
import { ComparablesRepository } from '../../apps/decision/src/comparables/comparables.repository';
import { decisionDatabase } from '../../apps/decision/src/database/decision.database';
import { toDecisionResponse } from '../../apps/decision/src/decisions/decision.dto';
import { INSERT_DECISION_SQL, insertDecisionParameters } from '../../apps/decision/src/decisions/decisions.repository';
import { requestHash } from '../../apps/decision/src/decisions/request-hash';
import { resolveLocation } from '../../apps/decision/src/decisions/resolve-location';
import { LocationIndex } from '../../apps/decision/src/locations/location-index';
import { LocationsRepository } from '../../apps/decision/src/locations/locations.repository';
import { priceGuidance } from '../../apps/decision/src/scoring/price-guidance';
import { scoreDecision } from '../../apps/decision/src/scoring/score-decision';

/**
 * The work behind a route, written once for the bare baseline (baseline-server.ts) and the
 * NestJS peer (peer/): our own code (the index, the statements, the scoring), so that only
 * the stack around it differs between the bare server, the peer and the route.
 */

/** Runs one statement and returns its rows: a pg Pool (the bare server) or a TypeORM DataSource (the peer). */
export type Sql = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/** A TypeORM DataSource on the platform's database, as a service opens it. */
export function openDataSource(databaseUrl: string, applicationName: string, poolSize = 10): Promise<DataSource> {
  return new DataSource(
    serviceDataSourceOptions(decisionDatabase, { url: databaseUrl, poolSize, applicationName }),
  ).initialize();
}

/** The gazetteer in memory, read from the platform's database as the decision service reads it. */
export async function loadLocationIndex(dataSource: DataSource): Promise<LocationIndex> {
  const { data } = await new LocationsRepository(dataSource).load();
  return new LocationIndex(data);
}

/**
 * GET /v1/properties' statement, the very one the catalogue runs (searchQuery, image keys
 * included), on the platform's own tables. The bench's `city` words are mapped to ids by English
 * name (the route asks the gazetteer over the transport), and rows are returned as stored.
 */
export async function propertySearch(sql: Sql): Promise<(filters: SearchPropertiesQuery) => Promise<PropertiesPage>> {
  const cities = await sql<{ name: string; city_id: string }>(
    `SELECT DISTINCT lower(city_en) AS name, city_id FROM catalogue.listings WHERE status = 'published'`,
    [],
  );
  const cityIds = new Map<string, number[]>();
  for (const { name, city_id } of cities) cityIds.set(name, [...(cityIds.get(name) ?? []), Number(city_id)]);
  return async (filters) => {
    const city = filters.city;
    const city_ids = city === undefined ? undefined : (cityIds.get(city.toLowerCase()) ?? []);
    const { sql: statement, params } = searchQuery(Object.assign(new SearchPropertiesRequest(), filters, { city_ids }));
    const rows = await sql<PropertiesPage['properties'][number]>(statement, params);
    return { properties: rows, count: rows.length, offset: filters.offset ?? 0 };
  };
}

/** A workspace of the bench's own with decisions enough for any run: the bare server's and the peer's. */
export async function benchWorkspace(sql: Sql): Promise<string> {
  const workspaceId = randomUUID();
  await sql(`INSERT INTO "billing"."balances" (workspace_id, asset, amount) VALUES ($1, 'decisions', 2000000000)`, [
    workspaceId,
  ]);
  return workspaceId;
}

/** Billing's one-statement debit (its key as the ledger service makes it): the entry, or undefined when short. */
export async function debit(
  sql: Sql,
  request: { workspaceId: string; asset: BillingAsset; amount: number; reference: string; requestId: string },
): Promise<{ id: string; balance_after: number } | undefined> {
  const rows = await sql<{ id: string; balance_after: number }>(
    DEBIT_SQL,
    debitParameters({
      ...request,
      idempotencyKey: debitKey(request.requestId),
      createdAt: new Date(),
      defaultThreshold: 3,
      lowBalanceEvent: { id: randomUUID(), subject: BILLING_BALANCE_LOW, requestId: null, traceparent: null },
    }),
  );
  return rows[0];
}

/** A decision's debit: the new balance, or undefined when it is short. */
export async function debitDecision(sql: Sql, workspaceId: string, id: string, cost: number) {
  const entry = await debit(sql, {
    workspaceId,
    asset: 'decisions',
    amount: cost,
    reference: `decision:${id}`,
    requestId: `decision:${id}:${randomUUID()}`,
  });
  return entry?.balance_after;
}

/** The decision service's INSERT of an answer. */
export async function storeDecision(sql: Sql, workspaceId: string, request: unknown, response: DecisionResponse) {
  await sql(INSERT_DECISION_SQL, insertDecisionParameters(workspaceId, requestHash(request), response));
}

/**
 * A scoring-only decision as the decision service makes it, for the peer: the place resolved in
 * the in-memory gazetteer, the benchmark from the in-memory table, the comparable sales read
 * from PostgreSQL, the score and price guidance, the debit, the stored answer.
 */
export async function decisionMaker(
  dataSource: DataSource,
  sql: Sql,
): Promise<(workspaceId: string, body: DecisionRequestBody) => Promise<DecisionResponse | undefined>> {
  const index = await loadLocationIndex(dataSource);
  const benchmarks = new BenchmarkTable((await new BenchmarksRepository(dataSource).load()).rows);
  const comparables = new ComparablesRepository(dataSource);
  return async (workspaceId, body) => {
    const location = resolveLocation(index, body.location);
    const { property } = body;
    const cost = decisionCost(body.reasoning);
    const id = randomUUID();
    const balance = await debitDecision(sql, workspaceId, id, cost);
    if (balance === undefined) return undefined;
    const benchmark = benchmarks.find({
      cityId: location.city_id,
      districtId: location.district_id,
      type: property.type,
    });
    const sales = benchmark
      ? chooseComparables(
          await comparables.candidates({
            cityId: location.city_id,
            districtId: location.district_id,
            type: property.type,
            year: benchmark.year,
            area: property.area,
          }),
        ).sales
      : [];
    const hasCoordinates = body.location.lat !== undefined;
    const response = toDecisionResponse({
      id,
      scoring: scoreDecision({ property, benchmark, hasCoordinates }),
      benchmark,
      guidance: priceGuidance({ property, benchmark, hasCoordinates }),
      comparables: sales,
      location,
      reasoning: undefined,
      cost,
      balance,
      createdAt: new Date(),
    });
    await storeDecision(sql, workspaceId, body, response);
    return response;
  };
}
