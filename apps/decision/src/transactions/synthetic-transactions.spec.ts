import { PROPERTY_TYPES } from '@app/contracts';
import { MIN_BENCHMARK_TRANSACTIONS } from '../benchmarks/benchmark-table';
import { DUBAI_CITY_ID, SEED_CITIES } from '../locations/location-seed';
import { SYNTHETIC_YEARS, syntheticTransactions } from './synthetic-transactions';

const rows = syntheticTransactions();
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const sqmMedian = (cityId: number, type: string, year: number) =>
  median(
    rows
      .filter((r) => r.cityId === cityId && r.propertyType === type && r.date.startsWith(String(year)))
      .map((r) => r.priceSar / r.areaSqm),
  );

describe('syntheticTransactions', () => {
  it('should produce the same rows on every run', () => {
    expect(syntheticTransactions()).toEqual(rows);
    expect(new Set(rows.map((r) => r.recordHash)).size).toBe(rows.length);
  });

  it('should give every seeded district enough sales per type and year for a district benchmark', () => {
    for (const city of SEED_CITIES) {
      for (const [districtId] of city.districts) {
        for (const type of PROPERTY_TYPES) {
          for (const year of SYNTHETIC_YEARS) {
            const count = rows.filter(
              (r) => r.districtId === districtId && r.propertyType === type && r.date.startsWith(String(year)),
            ).length;
            expect(count).toBeGreaterThanOrEqual(MIN_BENCHMARK_TRANSACTIONS);
          }
        }
      }
    }
  });

  it('should price plausibly: Riyadh flats a few thousand SAR per m², Dubai flats several times that, rising yearly', () => {
    const riyadh = sqmMedian(3, 'apartment', 2024);
    const dubai = sqmMedian(DUBAI_CITY_ID, 'apartment', 2024);
    expect(riyadh).toBeGreaterThan(3000);
    expect(riyadh).toBeLessThan(9000);
    expect(dubai).toBeGreaterThan(2 * riyadh);
    expect(sqmMedian(DUBAI_CITY_ID, 'apartment', 2025)).toBeGreaterThan(sqmMedian(DUBAI_CITY_ID, 'apartment', 2023));
    expect(sqmMedian(3, 'land', 2024)).toBeLessThan(riyadh);
  });

  it('should date every sale inside 2023-2025 and mark it synthetic', () => {
    expect(rows.every((r) => r.source === 'synthetic' && r.date >= '2023-01-01' && r.date <= '2025-12-31')).toBe(true);
  });
});
