import 'reflect-metadata'; // @app/contracts decorates with class-transformer when first loaded
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { AppError } from '@app/errors';
import { seedBatch } from '../../apps/decision/src/locations/gazetteer-sources';
import { LocationIndex } from '../../apps/decision/src/locations/location-index';
import { searchLocations } from '../../apps/decision/src/locations/location-search';
import { seedAliases } from '../../apps/decision/src/locations/location-seed';

/**
 * The baselines: a bare node:http server, in its own process like the platform, doing the
 * work a route cannot avoid and nothing else. Started by baseline.ts with BENCH_BASELINE
 * (`locations` or `decisions`) and, for decisions, BENCH_DATABASE_URL; reports its port over IPC.
 */
type Handler = (url: URL, body: string) => Promise<{ status: number; json: unknown }>;

/** The same in-memory search over the same gazetteer (a fresh platform holds the seed), no SQL. */
function locationsHandler(): Handler {
  const batch = seedBatch();
  const index = new LocationIndex({ cities: batch.cities, districts: batch.districts, aliases: seedAliases() });
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
 * The SQL a scoring-only decision costs, as billing's LedgerRepository.append runs it: a
 * conditional balance UPDATE … RETURNING, then the ledger row, one round trip each, on
 * copies of billing's tables in a scratch schema of the same database.
 */
async function decisionsHandler(pool: Pool, schema: string): Promise<Handler> {
  const workspaceId = randomUUID();
  await pool.query(`
    CREATE SCHEMA ${schema};
    CREATE TABLE ${schema}.balances (
      workspace_id uuid NOT NULL, asset text NOT NULL, amount integer NOT NULL DEFAULT 0,
      PRIMARY KEY (workspace_id, asset), CHECK (amount >= 0));
    CREATE TABLE ${schema}.ledger_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), seq bigserial NOT NULL, workspace_id uuid NOT NULL,
      asset text NOT NULL, amount integer NOT NULL, reason text NOT NULL, reference text,
      idempotency_key text NOT NULL, reverses_entry_id uuid REFERENCES ${schema}.ledger_entries (id),
      balance_after integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (workspace_id, idempotency_key));
    CREATE INDEX ON ${schema}.ledger_entries (workspace_id, seq);`);
  await pool.query(`INSERT INTO ${schema}.balances VALUES ($1, 'decisions', 2000000000)`, [workspaceId]);
  return async (_url, body) => {
    const request = JSON.parse(body) as { reasoning?: unknown };
    const cost = request.reasoning === true ? 3 : 1;
    const debited = await pool.query<{ amount: number }>(
      `UPDATE ${schema}.balances SET amount = amount - $3
       WHERE workspace_id = $1 AND asset = $2 AND amount >= $3 RETURNING amount`,
      [workspaceId, 'decisions', cost],
    );
    if (debited.rows.length === 0) return { status: 402, json: { error: { code: 'insufficient_decisions' } } };
    const entry = await pool.query(
      `INSERT INTO ${schema}.ledger_entries
         (workspace_id, asset, amount, reason, reference, idempotency_key, balance_after, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [workspaceId, 'decisions', -cost, 'debit', randomUUID(), randomUUID(), debited.rows[0].amount, new Date()],
    );
    return { status: 201, json: { object: 'decision', entry: entry.rows[0] as unknown } };
  };
}

async function main(): Promise<void> {
  const kind = process.env.BENCH_BASELINE;
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const schema = `bench_baseline_${randomBytes(4).toString('hex')}`;
  let pool: Pool | undefined;
  let handler: Handler;
  if (kind === 'locations') handler = locationsHandler();
  else if (kind === 'decisions' && databaseUrl) {
    pool = new Pool({ connectionString: databaseUrl, max: 10, application_name: 'bench-baseline' });
    handler = await decisionsHandler(pool, schema);
  } else throw new Error('BENCH_BASELINE must be locations, or decisions with BENCH_DATABASE_URL');

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
    if (pool) {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    }
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
