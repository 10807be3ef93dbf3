import { BenchmarkTable, MIN_BENCHMARK_TRANSACTIONS } from './benchmark-table';
import type { BenchmarkRow } from './benchmarks.repository';

const RIYADH = 3;
const MALQA = 10100003145;
const YASMIN = 10100003147;

const row = (overrides: Partial<BenchmarkRow>): BenchmarkRow => ({
  scope: 'district',
  placeId: MALQA,
  propertyType: 'apartment',
  year: 2025,
  medianSqm: 6123.4,
  p25Sqm: 5400.5,
  p75Sqm: 7001.49,
  meanSqm: 6250.75,
  areaP25Sqm: 95.5,
  areaMedianSqm: 130.25,
  areaP75Sqm: 170,
  transactionCount: 12,
  yoyPct: 8.25,
  ...overrides,
});

describe('BenchmarkTable', () => {
  const table = new BenchmarkTable([
    row({}),
    row({ year: 2024, medianSqm: 5650, transactionCount: 30 }),
    row({ placeId: YASMIN, year: 2025, transactionCount: MIN_BENCHMARK_TRANSACTIONS - 1, medianSqm: 9999 }),
    row({ placeId: YASMIN, year: 2024, transactionCount: MIN_BENCHMARK_TRANSACTIONS, medianSqm: 5100 }),
    row({ scope: 'city', placeId: RIYADH, year: 2025, medianSqm: 5500, transactionCount: 400, yoyPct: null }),
    row({ scope: 'city', placeId: RIYADH, propertyType: 'villa', transactionCount: 3 }),
  ]);

  it('should answer the district for its latest year with enough sales, rounded to whole SAR', () => {
    expect(table.find({ cityId: RIYADH, districtId: MALQA, type: 'apartment' })).toEqual({
      median_sqm: 6123,
      p25_sqm: 5401,
      p75_sqm: 7001,
      mean_sqm: 6251,
      area_p25_sqm: 96,
      area_median_sqm: 130,
      area_p75_sqm: 170,
      year: 2025,
      transaction_count: 12,
      yoy_pct: 8.3,
      scope: 'district',
    });
  });

  it('should use an earlier district year when the latest one has too few sales', () => {
    expect(table.find({ cityId: RIYADH, districtId: YASMIN, type: 'apartment' })).toMatchObject({
      scope: 'district',
      year: 2024,
      median_sqm: 5100,
    });
  });

  it('should fall back to the city when the district has no usable year', () => {
    expect(table.find({ cityId: RIYADH, districtId: 10100003051, type: 'apartment' })).toMatchObject({
      scope: 'city',
      median_sqm: 5500,
      yoy_pct: null,
    });
  });

  it('should answer null when neither district nor city has enough sales for the type', () => {
    expect(table.find({ cityId: RIYADH, districtId: MALQA, type: 'villa' })).toBeNull();
    expect(table.find({ cityId: 18, districtId: 10200018109, type: 'land' })).toBeNull();
  });
});
