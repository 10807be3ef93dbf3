import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadEnv } from '@app/config';
import { connectOrStartEmbeddedPostgres, migrateServiceDatabase, serviceDataSourceOptions } from '@app/database';
import { BenchmarkTable } from '../apps/decision/src/benchmarks/benchmark-table';
import {
  describeEvaluation,
  evaluateBenchmarks,
  holdOutLatestYear,
} from '../apps/decision/src/benchmarks/benchmark-evaluation';
import type { EvaluatedSale } from '../apps/decision/src/benchmarks/benchmark-evaluation';
import { BenchmarksRepository } from '../apps/decision/src/benchmarks/benchmarks.repository';
import { decisionDatabase } from '../apps/decision/src/database/decision.database';
import { seedBatch } from '../apps/decision/src/locations/gazetteer-sources';
import { LocationIndex } from '../apps/decision/src/locations/location-index';
import { seedAliases } from '../apps/decision/src/locations/location-seed';
import { LocationsRepository } from '../apps/decision/src/locations/locations.repository';
import { scoreDecision } from '../apps/decision/src/scoring/score-decision';
import { openTransactionsFile } from '../apps/decision/src/transactions/transaction-csv';
import { TransactionPlacer } from '../apps/decision/src/transactions/transaction-placement';
import type { TransactionRow } from '../apps/decision/src/transactions/transaction.types';
import { TransactionsRepository } from '../apps/decision/src/transactions/transactions.repository';
import { StandaloneEnv } from '../apps/standalone/src/standalone.env';

/**
 * `npm run eval:benchmarks -- <transactions file>…`: per file, holds out its latest year,
 * computes benchmarks from the earlier sales with the service's own code (the importer's
 * parser and placer, the benchmark SQL, the benchmark rule) in a scratch database created
 * beside DATABASE_URL's (else in the embedded PostgreSQL) and dropped afterwards, then
 * reports the median absolute percentage error of the benchmark median against each
 * held-out sale's price per m², by scope and type, and how often a sale priced at its own
 * district's median (±5 %) gets the `match` verdict. The platform's data is not touched.
 */
async function main(): Promise<void> {
  const paths = process.argv.slice(2).map((path) => resolve(path));
  if (paths.length === 0) throw new Error('Usage: npm run eval:benchmarks -- <transactions file>…');
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length > 0) throw new Error(`No such file: ${missing.join(', ')}`);

  const env = loadEnv(StandaloneEnv);
  const server = env.DATABASE_URL
    ? { url: env.DATABASE_URL, stop: () => Promise.resolve() }
    : await connectOrStartEmbeddedPostgres({ dataDir: env.DATA_DIR });
  try {
    for (const path of paths)
      process.stdout.write(`${describeEvaluation(path, await evaluateFile(server.url, path))}\n`);
  } finally {
    await server.stop();
  }
}

async function evaluateFile(serverUrl: string, path: string) {
  return withScratchDatabase(serverUrl, async (dataSource) => {
    const locations = new LocationsRepository(dataSource);
    await locations.seedIfEmpty(seedBatch(), seedAliases());
    const placer = new TransactionPlacer(new LocationIndex((await locations.load()).data));
    const sales: TransactionRow[] = [];
    const { outcomes } = await openTransactionsFile(path);
    for await (const outcome of outcomes) {
      if (!outcome.ok) continue;
      const { place, ...transaction } = outcome.transaction;
      const placement = placer.place(place);
      if (placement) sales.push({ ...transaction, ...placement });
    }
    if (sales.length === 0) throw new Error(`${path}: no sale could be read and placed`);
    const split = holdOutLatestYear(sales);
    await new TransactionsRepository(dataSource).insert(split.training);
    const benchmarks = new BenchmarksRepository(dataSource);
    await benchmarks.recompute();
    const table = new BenchmarkTable((await benchmarks.load()).rows);
    // BenchmarkTable.find is the engine's rule; an unknown district id asks it for the city alone.
    const benchmarksOf = (sale: EvaluatedSale) => {
      const city = table.find({ cityId: sale.cityId, districtId: -1, type: sale.propertyType });
      const either = table.find({ cityId: sale.cityId, districtId: sale.districtId ?? -1, type: sale.propertyType });
      return { district: either?.scope === 'district' ? either : null, city };
    };
    return evaluateBenchmarks(
      split,
      benchmarksOf,
      (sale, benchmark) =>
        scoreDecision({
          property: { type: sale.propertyType, price: sale.priceSar, area: sale.areaSqm },
          benchmark,
          hasCoordinates: false,
        }).verdict,
    );
  });
}

/** A database of its own for one evaluation, migrated like the service's, dropped at the end. */
async function withScratchDatabase<T>(serverUrl: string, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const name = `eval_benchmarks_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataSource = await new DataSource(
    serviceDataSourceOptions(decisionDatabase, {
      url: url.toString(),
      poolSize: 2,
      applicationName: 'eval-benchmarks',
    }),
  ).initialize();
  try {
    await migrateServiceDatabase(dataSource);
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
