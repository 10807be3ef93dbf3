import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { migrateServiceDatabase, serviceDataSourceOptions } from '@app/database';
import { BenchmarkTable } from '../../apps/decision/src/benchmarks/benchmark-table';
import { BenchmarksRepository } from '../../apps/decision/src/benchmarks/benchmarks.repository';
import { decisionDatabase } from '../../apps/decision/src/database/decision.database';
import { syntheticTransactions } from '../../apps/decision/src/transactions/synthetic-transactions';
import type { TransactionRow } from '../../apps/decision/src/transactions/transaction.types';
import { TransactionsRepository } from '../../apps/decision/src/transactions/transactions.repository';
import { freshDatabase, withClient } from '../harness/databases';
import type { FreshDatabase } from '../harness/databases';
import { describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';

const IMPORT_SCRIPT = path.join(__dirname, '..', '..', 'dist', 'scripts', 'import-transactions.js');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'transactions');
const FILES = ['dld-pulse.csv', 'dld-website.csv', 'moj-sales.csv', 'moj-sales-typed.csv', 'plain.csv'];
const run = promisify(execFile);

const RIYADH = 3;
const MALQA = 10100003145;
const MARSA_DUBAI = 1_000_000_392;

describeE2e('npm run import:transactions', () => {
  let db: FreshDatabase;

  beforeAll(async () => {
    db = await freshDatabase();
  });

  afterAll(async () => {
    await db?.drop();
  });

  const importFiles = (files: string[]) =>
    run(process.execPath, [IMPORT_SCRIPT, ...files], {
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn' },
    });
  const query = <T extends object>(sql: string) =>
    withClient(db.url, (client) => client.query<T>(sql)).then((result) => result.rows);

  it('should import every format into a new database, print counts per file and store the rows', async () => {
    const { stdout } = await importFiles(FILES.map((file) => path.join(FIXTURES, file)));
    expect(stdout).toMatch(
      /dld-pulse\.csv\n {2}format dld-pulse; rows read 14; imported 7 .*\n {2}skipped 7: .*unsupported_type 2, non_sale 2, duplicate 1/,
    );
    expect(stdout).toMatch(/dld-website\.csv\n {2}format dld-website; rows read 8; imported 5/);
    expect(stdout).toMatch(
      /moj-sales\.csv\n {2}format moj; rows read 12; imported 4 .*\n {2}skipped 8: unparseable_date 1, unparseable_price 1, unparseable_area 1, unknown_place 1, unsupported_type 1, untyped_residential 1, multi_property 1, duplicate 1/,
    );
    expect(stdout).toMatch(/moj-sales-typed\.csv\n {2}format moj; rows read 6; imported 4\n/);
    expect(stdout).toMatch(/plain\.csv\n {2}format plain; rows read 9; imported 5 /);
    expect(stdout).toMatch(/benchmarks: \d+ rows from 25 transactions; benchmarks_version 1\n/);

    const bySource = await query<{ source: string; n: number }>(
      `SELECT source, count(*)::int AS n FROM decision.transactions GROUP BY source ORDER BY source`,
    );
    expect(bySource).toEqual([
      { source: 'csv', n: 5 },
      { source: 'dld', n: 12 },
      { source: 'moj', n: 8 },
    ]);
    // The Marina flat: AED 1,850,000 for 92.5 m² at the peg.
    const [marina] = await query<Record<string, string>>(
      `SELECT city_id, district_id, property_type, price_sar, area_sqm, price_per_sqm, date::text
       FROM decision.transactions WHERE source = 'dld' AND district_id = ${MARSA_DUBAI} AND area_sqm = 92.5`,
    );
    expect(marina).toEqual({
      city_id: '2000000001',
      district_id: String(MARSA_DUBAI),
      property_type: 'apartment',
      price_sar: '1889040.16',
      area_sqm: '92.50',
      price_per_sqm: '20422.06',
      date: '2024-03-14',
    });
    const [malqa] = await query<Record<string, string>>(
      `SELECT city_id, property_type, price_sar FROM decision.transactions WHERE source = 'moj' AND district_id = ${MALQA}`,
    );
    expect(malqa).toEqual({ city_id: String(RIYADH), property_type: 'commercial', price_sar: '3450000.00' });
  });

  it('should add nothing when the same files are imported again, and still bump the benchmarks version', async () => {
    const { stdout } = await importFiles(FILES.map((file) => path.join(FIXTURES, file)));
    expect(stdout.match(/imported 0\n/g)).toHaveLength(FILES.length);
    expect(stdout).toMatch(/plain\.csv\n.*\n {2}skipped 9: .*duplicate 5/);
    expect(stdout).toMatch(/from 25 transactions; benchmarks_version 2\n/);
    const [{ n }] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM decision.transactions`);
    expect(n).toBe(25);
  });

  it('should exit 1 naming the file when its header row is not a known format', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'pdp-tx-'));
    const file = path.join(folder, 'listings.csv');
    writeFileSync(file, 'title,price\nشقة في الملقا,950000\n');
    try {
      await expect(importFiles([file])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/listings\.csv: unrecognised header row/),
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describeE2e('benchmark SQL', () => {
  let db: FreshDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await freshDatabase();
    dataSource = await new DataSource(
      serviceDataSourceOptions(decisionDatabase, { url: db.url, poolSize: 2, applicationName: 'benchmarks-test' }),
    ).initialize();
    await migrateServiceDatabase(dataSource);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  let serial = 0;
  const sale = (
    date: string,
    districtId: number | null,
    sqmPrice: number,
    type = 'apartment',
    area = 100,
  ): TransactionRow => ({
    source: 'csv',
    sourceRef: null,
    recordHash: `hand-${serial++}`,
    date,
    cityId: RIYADH,
    districtId,
    propertyType: type as TransactionRow['propertyType'],
    priceSar: sqmPrice * area,
    areaSqm: area,
  });

  it('should compute median, quartiles, mean, count and year-over-year per district and city as computed by hand', async () => {
    await new TransactionsRepository(dataSource).insert([
      // Al Malqa 2024: 4000 5000 6000 7000 → median 5500, p25 4750, p75 6250.
      ...[4000, 5000, 6000, 7000].map((p) => sale('2024-06-01', MALQA, p)),
      // Al Malqa 2025: 5000…9000 → median 7000, p25 6000, p75 8000; yoy 7000/5500 − 1 = +27.3%.
      // Areas 160, 140, 120, 100, 80 sqm → area median 120, p25 100, p75 140.
      ...[5000, 6000, 7000, 8000, 9000].map((p, i) => sale('2025-03-01', MALQA, p, 'apartment', 160 - 20 * i)),
      // Riyadh 2025 also counts a sale with no district: 3000 5000 6000 7000 8000 9000.
      sale('2025-04-01', null, 3000),
      sale('2025-05-01', MALQA, 12000, 'villa'),
    ]);
    const repository = new BenchmarksRepository(dataSource);
    const { version, rows } = await repository.recompute();
    expect(version).toBe(1);
    expect(rows).toBe(6);

    const stored = await repository.load();
    const find = (scope: string, placeId: number, year: number, type = 'apartment') =>
      stored.rows.find((r) => r.scope === scope && r.placeId === placeId && r.year === year && r.propertyType === type);
    expect(find('district', MALQA, 2024)).toMatchObject({
      medianSqm: 5500,
      p25Sqm: 4750,
      p75Sqm: 6250,
      meanSqm: 5500,
      transactionCount: 4,
      yoyPct: null,
    });
    expect(find('district', MALQA, 2025)).toMatchObject({
      medianSqm: 7000,
      p25Sqm: 6000,
      p75Sqm: 8000,
      meanSqm: 7000,
      areaP25Sqm: 100,
      areaMedianSqm: 120,
      areaP75Sqm: 140,
      transactionCount: 5,
      yoyPct: 27.3,
    });
    // City 2025: median (6000 + 7000) / 2, p25 5000 + 0.25 × 1000, p75 7000 + 0.75 × 1000; yoy 6500/5500 − 1.
    expect(find('city', RIYADH, 2025)).toMatchObject({
      medianSqm: 6500,
      p25Sqm: 5250,
      p75Sqm: 7750,
      transactionCount: 6,
      yoyPct: 18.2,
    });
    expect(find('city', RIYADH, 2025)?.meanSqm).toBeCloseTo(38000 / 6, 6);
    expect(find('district', MALQA, 2025, 'villa')).toMatchObject({
      medianSqm: 12000,
      transactionCount: 1,
      yoyPct: null,
    });

    // The benchmark rule over what was stored: Al Malqa 2025 has 5 sales, enough; the villa year has 1, too few.
    const table = new BenchmarkTable(stored.rows);
    expect(table.find({ cityId: RIYADH, districtId: MALQA, type: 'apartment' })).toEqual({
      median_sqm: 7000,
      p25_sqm: 6000,
      p75_sqm: 8000,
      mean_sqm: 7000,
      area_p25_sqm: 100,
      area_median_sqm: 120,
      area_p75_sqm: 140,
      year: 2025,
      transaction_count: 5,
      yoy_pct: 27.3,
      scope: 'district',
    });
    expect(table.find({ cityId: RIYADH, districtId: MALQA, type: 'villa' })).toBeNull();
  });

  it('should replace every benchmark on recompute and bump the version', async () => {
    await dataSource.query(`DELETE FROM decision.transactions WHERE date < '2025-01-01'`);
    const repository = new BenchmarksRepository(dataSource);
    expect(await repository.recompute()).toEqual({ version: 2, rows: 4 });
    const { rows } = await repository.load();
    expect(rows.every((r) => r.year === 2025 && r.yoyPct === null)).toBe(true);
  });
});

describeE2e('DEMO_TRANSACTIONS', () => {
  it('should load the synthetic sales once into an empty table at start and compute benchmarks', async () => {
    const platform = await startPlatform({ env: { DEMO_TRANSACTIONS: 'true' } });
    try {
      const counts = () =>
        withClient(platform.databaseUrl, (client) =>
          client.query<{ synthetic: number; benchmarks: number; version: string }>(
            `SELECT (SELECT count(*)::int FROM decision.transactions WHERE source = 'synthetic') AS synthetic,
                    (SELECT count(*)::int FROM decision.benchmarks) AS benchmarks,
                    (SELECT value FROM decision.reference_versions WHERE key = 'benchmarks_version') AS version`,
          ),
        ).then((result) => result.rows[0]);
      const loaded = await counts();
      expect(loaded.synthetic).toBe(syntheticTransactions().length);
      expect(loaded.benchmarks).toBeGreaterThan(0);
      expect(Number(loaded.version)).toBeGreaterThanOrEqual(1);
    } finally {
      await platform.close();
    }
  }, 120_000);
});
