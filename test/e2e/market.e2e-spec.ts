import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import type { MarketQuarter, MarketTrendsResponse, MarketTypeTrend } from '@app/contracts';
import { withClient } from '../harness/databases';
import { createApiKey, createMember } from '../harness/identity-fixtures';
import type { MemberFixture } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const IMPORT_SCRIPT = path.join(__dirname, '..', '..', 'dist', 'scripts', 'import-transactions.js');
const run = promisify(execFile);

const RIYADH = 3;
const OLAYA = 10100003075;
const MALQA = 10100003145;

/**
 * Recorded sales and published listings written into a platform of this file's own (its sales
 * would move other files' benchmarks), then read back as a client reads them.
 */
describeE2e('GET /v1/market/districts/{id} and /v1/market/cities/{id}', () => {
  let platform: Platform;
  let owner: MemberFixture;
  let key: string;

  const sql = <T extends object>(text: string, params: unknown[] = []) =>
    withClient(platform.databaseUrl, async (db) => (await db.query<T>(text, params)).rows);

  /** One recorded sale of 100 m² at `perSqm` SAR (district null: the record named only the city). */
  const sale = (date: string, type: string, perSqm: number, district: number | null = OLAYA, source = 'moj') =>
    sql(
      `INSERT INTO decision.transactions (source, record_hash, date, city_id, district_id, property_type,
         price_sar, area_sqm, price_per_sqm)
       VALUES ($1, $2, $3, $4, $5, $6, $7::numeric * 100, 100, $7::numeric)`,
      [source, randomBytes(8).toString('hex'), date, RIYADH, district, type, perSqm],
    );

  /** A listing of 100 m² at `perSqm` SAR in Al Olaya, published unless told otherwise. */
  const listing = (type: string, perSqm: number, status = 'published') =>
    sql(
      `INSERT INTO catalogue.listings (workspace_id, created_by, status, property_type, title_en, title_ar, price,
         currency, price_sar, country_code, city_id, district_id, city_en, city_ar, district_en, district_ar,
         time_zone, area_sqm, bedrooms, bathrooms, listed_at)
       VALUES ($1, $2, $3, $4, 'Market test', 'اختبار السوق', $5::numeric * 100, 'SAR', $5::numeric * 100, 'SA', $6, $7, 'Riyadh',
         'الرياض', 'Al Olaya', 'العليا', 'Asia/Riyadh', 100, 2, 2, CASE WHEN $3 = 'published' THEN now() END)`,
      [owner.workspaceId, owner.accountId, status, type, perSqm, RIYADH, OLAYA],
    );

  const get = (url: string, token: string | null = key) => {
    const req = request(platform.baseUrl).get(url);
    return token ? req.set('authorization', `Bearer ${token}`) : req;
  };
  const quarter = (body: MarketTrendsResponse, type: string, label: string) =>
    body.quarters.find((row) => row.property_type === type && row.quarter === label);
  const trend = (body: MarketTrendsResponse, type: string) =>
    body.property_types.find((row) => row.property_type === type);

  beforeAll(async () => {
    platform = await startPlatform();
    owner = await createMember(platform, { role: 'owner' });
    key = await createApiKey(platform, owner.workspaceId, owner.accountId);
    // Apartments in Al Olaya: 5 sales in 2025-Q4 (median 6,400), 3 in 2025-Q3 (too few), 5 in 2024-Q4 (5,400).
    for (const perSqm of [6000, 6200, 6400, 6600, 6800]) await sale('2025-11-10', 'apartment', perSqm);
    for (const perSqm of [7000, 7000, 7000]) await sale('2025-08-01', 'apartment', perSqm, OLAYA, 'csv');
    for (const perSqm of [5000, 5200, 5400, 5600, 5800]) await sale('2024-12-15', 'apartment', perSqm);
    await sale('2022-07-01', 'apartment', 1000); // before the 12 quarters: counted nowhere
    for (const perSqm of [4000, 4100]) await sale('2025-05-20', 'villa', perSqm);
    // Elsewhere in Riyadh: a sale in Al Malqa and one that named only the city.
    await sale('2025-12-31', 'apartment', 9000, MALQA);
    await sale('2025-10-02', 'apartment', 3000, null);
    // Asking prices in Al Olaya: 5 apartments (median 7,200), 2 villas, 1 shop, and a draft that is not public.
    for (const perSqm of [7000, 7100, 7200, 7300, 7400]) await listing('apartment', perSqm);
    for (const perSqm of [4500, 4600]) await listing('villa', perSqm);
    await listing('shop', 12000);
    await listing('apartment', 99000, 'draft');
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('access and bad input', () => {
    it('should answer 401 unauthorized without a key and invalid_api_key for a user token', async () => {
      expect((await get(`/v1/market/districts/${OLAYA}`, null).expect(401)).body).toMatchObject({
        error: 'unauthorized',
      });
      expect((await get(`/v1/market/cities/${RIYADH}`, owner.token).expect(401)).body).toMatchObject({
        error: 'invalid_api_key',
      });
    });

    it('should answer 422 validation_error naming the id when it is not a positive integer', async () => {
      for (const id of ['abc', '12.5', '-3', '0']) {
        const res = await get(`/v1/market/districts/${id}`).expect(422);
        expect(res.body).toMatchObject({ error: 'validation_error', field: 'district_id' });
      }
      expect((await get('/v1/market/cities/riyadh').expect(422)).body).toMatchObject({
        error: 'validation_error',
        field: 'city_id',
      });
    });

    it('should answer 404 not_found in the error shape for a district or city we do not hold', async () => {
      expect((await get('/v1/market/districts/999999999').expect(404)).body).toMatchObject({
        error: 'not_found',
        code: 'NOT_FOUND',
      });
      expect((await get(`/v1/market/cities/${OLAYA}`).expect(404)).body).toMatchObject({ error: 'not_found' });
    });
  });

  it('should document each id once, as an integer path parameter, in the OpenAPI document', async () => {
    const document = (await request(platform.baseUrl).get('/openapi.json').expect(200)).body as {
      paths: Record<string, { get: { parameters: { name: string; in: string; schema: { type: string } }[] } }>;
    };
    for (const [route, name] of [
      ['/v1/market/districts/{district_id}', 'district_id'],
      ['/v1/market/cities/{city_id}', 'city_id'],
    ]) {
      const parameters = document.paths[route].get.parameters;
      expect(parameters).toEqual([
        expect.objectContaining({ name, in: 'path', schema: expect.objectContaining({ type: 'integer' }) }),
      ]);
    }
  });

  describe('a district', () => {
    let body: MarketTrendsResponse;

    beforeAll(async () => {
      body = (await get(`/v1/market/districts/${OLAYA}`).expect(200)).body as MarketTrendsResponse;
    });

    it('should name the district and its city in Arabic and English', async () => {
      const [names] = await sql<Record<string, string>>(
        `SELECT d.name_ar, d.name_en, c.name_ar AS city_name_ar, c.name_en AS city_name_en
         FROM decision.districts d JOIN decision.cities c ON c.id = d.city_id WHERE d.id = $1`,
        [OLAYA],
      );
      expect(body).toMatchObject({ object: 'market_trends', scope: 'district', id: OLAYA, city_id: RIYADH, ...names });
      expect(body.name_ar).toMatch(/عليا/);
      expect(body.city_name_ar).toBe('الرياض');
      expect(body.currency).toBe('SAR');
    });

    it('should answer 12 quarters ending with the latest sale held, per type with a sale, with SQL medians', () => {
      expect(body).toMatchObject({ from_quarter: '2023-Q1', to_quarter: '2025-Q4' });
      const apartments = body.quarters.filter((row) => row.property_type === 'apartment');
      expect(apartments.map((row) => row.quarter)).toEqual(
        ['2023', '2024', '2025'].flatMap((year) => [1, 2, 3, 4].map((q) => `${year}-Q${q}`)),
      );
      expect(quarter(body, 'apartment', '2025-Q4')).toEqual<MarketQuarter>({
        quarter: '2025-Q4',
        property_type: 'apartment',
        median_sqm: 6400,
        transaction_count: 5,
        reason: null,
      });
      expect(quarter(body, 'apartment', '2024-Q4')).toMatchObject({ median_sqm: 5400, transaction_count: 5 });
      expect(body.quarters.filter((row) => row.property_type === 'villa')).toHaveLength(12);
      expect(body.quarters.some((row) => ['land', 'office', 'commercial'].includes(row.property_type))).toBe(false);
    });

    it('should give no median for a quarter of fewer than 5 sales, only its count and the reason', () => {
      expect(quarter(body, 'apartment', '2025-Q3')).toEqual({
        quarter: '2025-Q3',
        property_type: 'apartment',
        median_sqm: null,
        transaction_count: 3,
        reason: 'too_few_sales',
      });
      expect(quarter(body, 'villa', '2025-Q2')).toMatchObject({ median_sqm: null, transaction_count: 2 });
      expect(quarter(body, 'apartment', '2023-Q1')).toMatchObject({ median_sqm: null, transaction_count: 0 });
    });

    it('should compare the last four quarters with the four before, and asking prices with sold ones', () => {
      expect(trend(body, 'apartment')).toEqual<MarketTypeTrend>({
        property_type: 'apartment',
        // 6,000…6,800 and 3 × 7,000: the median of 8 sales is (6,600 + 6,800) / 2.
        current: {
          from_quarter: '2025-Q1',
          to_quarter: '2025-Q4',
          median_sqm: 6700,
          transaction_count: 8,
          reason: null,
        },
        previous: {
          from_quarter: '2024-Q1',
          to_quarter: '2024-Q4',
          median_sqm: 5400,
          transaction_count: 5,
          reason: null,
        },
        yoy_pct: 24.1,
        listings: { published_count: 5, median_asking_sqm: 7200, reason: null },
        asking_vs_sold_pct: 7.5,
      });
      expect(trend(body, 'villa')).toMatchObject({
        current: { median_sqm: null, transaction_count: 2, reason: 'too_few_sales' },
        yoy_pct: null,
        listings: { published_count: 2, median_asking_sqm: null, reason: 'too_few_listings' },
        asking_vs_sold_pct: null,
      });
      // A shop is asked beside commercial sales; there are none here.
      expect(trend(body, 'commercial')).toMatchObject({
        current: { transaction_count: 0, median_sqm: null },
        listings: { published_count: 1, median_asking_sqm: null },
      });
    });

    it('should state where the figures come from', () => {
      expect(body.provenance).toMatchObject({
        sources: [
          { source: 'moj', transaction_count: 12 },
          { source: 'csv', transaction_count: 3 },
        ],
        years: [2023, 2024, 2025],
        transaction_count: 15,
        first_sale_date: '2024-12-15',
        last_sale_date: '2025-11-10',
        listing_count: 8,
      });
      expect(body.provenance.data_version).toEqual(expect.any(Number));
      expect(Date.parse(body.provenance.computed_at)).not.toBeNaN();
    });
  });

  describe('a city', () => {
    it('should count every sale of the city, its districts and the city-only records, under its Arabic name', async () => {
      const body = (await get(`/v1/market/cities/${RIYADH}`).expect(200)).body as MarketTrendsResponse;
      expect(body).toMatchObject({ scope: 'city', id: RIYADH, name_ar: 'الرياض', city_name_ar: 'الرياض' });
      // 6,000…6,800 in Al Olaya, 9,000 in Al Malqa, 3,000 with no district: median of 7.
      expect(quarter(body, 'apartment', '2025-Q4')).toMatchObject({ median_sqm: 6400, transaction_count: 7 });
      expect(body.provenance).toMatchObject({ transaction_count: 17, listing_count: 8 });
    });
  });

  describe('a re-import', () => {
    it('should keep the figures until the data version moves, then answer the imported sales', async () => {
      const before = (await get(`/v1/market/districts/${OLAYA}`).expect(200)).body as MarketTrendsResponse;
      // Written behind the service's back: the version has not moved, so the kept figures stand.
      await sale('2025-09-01', 'apartment', 7000);
      const kept = (await get(`/v1/market/districts/${OLAYA}`).expect(200)).body as MarketTrendsResponse;
      expect(quarter(kept, 'apartment', '2025-Q3')).toMatchObject({ transaction_count: 3, median_sqm: null });
      expect(kept.provenance.computed_at).toBe(before.provenance.computed_at);

      const folder = mkdtempSync(path.join(os.tmpdir(), 'pdp-market-'));
      const file = path.join(folder, 'sales.csv');
      writeFileSync(
        file,
        `date,city,district,property_type,price,area\n2025-09-20,${RIYADH},${OLAYA},apartment,710000,100\n`,
      );
      try {
        await run(process.execPath, [IMPORT_SCRIPT, file], {
          env: { ...process.env, DATABASE_URL: platform.databaseUrl, LOG_LEVEL: 'warn' },
        });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      const after = (await get(`/v1/market/districts/${OLAYA}`).expect(200)).body as MarketTrendsResponse;
      expect(after.provenance.data_version).toBeGreaterThan(before.provenance.data_version);
      expect(quarter(after, 'apartment', '2025-Q3')).toEqual({
        quarter: '2025-Q3',
        property_type: 'apartment',
        median_sqm: 7000,
        transaction_count: 5,
        reason: null,
      });
    });
  });
});
