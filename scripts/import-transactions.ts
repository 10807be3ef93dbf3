import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BenchmarksRepository } from '../apps/decision/src/benchmarks/benchmarks.repository';
import { decisionDatabase } from '../apps/decision/src/database/decision.database';
import { seedBatch } from '../apps/decision/src/locations/gazetteer-sources';
import { LocationIndex } from '../apps/decision/src/locations/location-index';
import { seedAliases } from '../apps/decision/src/locations/location-seed';
import { LocationsRepository } from '../apps/decision/src/locations/locations.repository';
import { TransactionPlacer } from '../apps/decision/src/transactions/transaction-placement';
import { describeReport, importTransactionsFile } from '../apps/decision/src/transactions/transactions-importer';
import { TransactionsRepository } from '../apps/decision/src/transactions/transactions.repository';
import { runTool } from './tool-database';

/**
 * `npm run import:transactions -- <file.csv>…`: imports sales from DLD exports (Dubai Pulse
 * or dubailand.gov.ae), the Saudi MoJ file or the plain CSV (format detected from the
 * header row; see apps/decision/src/transactions/README.md), places them on the gazetteer,
 * skips records already stored, then recomputes every benchmark and bumps
 * benchmarks_version so running services reload within 5 s. Uses DATABASE_URL, else the
 * embedded database in DATA_DIR; runs the decision migrations first.
 */
runTool(
  'import-transactions',
  () => {
    const paths = process.argv.slice(2).map((path) => resolve(path));
    if (paths.length === 0) throw new Error('Usage: npm run import:transactions -- <file.csv>…');
    const missing = paths.filter((path) => !existsSync(path));
    if (missing.length > 0) throw new Error(`No such file: ${missing.join(', ')}`);
    return paths;
  },
  async (paths, database) => {
    const { dataSource } = await database.open(decisionDatabase);
    const locations = new LocationsRepository(dataSource);
    // Places are resolved against the gazetteer: a new database gets the seed first, as the service would.
    await locations.seedIfEmpty(seedBatch(), seedAliases());
    const placer = new TransactionPlacer(new LocationIndex((await locations.load()).data));
    const transactions = new TransactionsRepository(dataSource);
    for (const path of paths) {
      process.stdout.write(`${describeReport(await importTransactionsFile(path, placer, transactions))}\n`);
    }
    const { version, rows } = await new BenchmarksRepository(dataSource).recompute();
    process.stdout.write(
      `benchmarks: ${rows} rows from ${await transactions.count()} transactions; benchmarks_version ${version}\n`,
    );
  },
);
