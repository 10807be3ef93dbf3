import type { DecisionBenchmark } from '@app/contracts';
import { priceIntel } from './price-intel';

const BENCHMARK: DecisionBenchmark = {
  median_sqm: 6000,
  p25_sqm: 5000,
  p75_sqm: 7000,
  year: 2025,
  transaction_count: 40,
  yoy_pct: 3.1,
  scope: 'district',
};

describe('priceIntel', () => {
  it('should place the price per m² on the benchmark when one exists', () => {
    const at = (price: number) => priceIntel({ id: 'x', price_sar: price, area_sqm: 100 }, BENCHMARK);
    expect(at(450_000)).toMatchObject({ price_per_sqm: 4500, position: 'below_p25', vs_median_pct: -25 });
    expect(at(550_000).position).toBe('p25_to_median');
    expect(at(600_000)).toMatchObject({ position: 'p25_to_median', vs_median_pct: 0 });
    expect(at(690_000).position).toBe('median_to_p75');
    expect(at(900_000)).toMatchObject({ position: 'above_p75', vs_median_pct: 50 });
  });

  it('should say nothing about the market when there is no benchmark', () => {
    expect(priceIntel({ id: 'x', price_sar: 1_200_000, area_sqm: 150 }, null)).toMatchObject({
      price_per_sqm: 8000,
      benchmark: null,
      position: null,
      vs_median_pct: null,
    });
  });
});
