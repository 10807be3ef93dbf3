import type { MarketBenchmark } from './market-benchmark';
import {
  absolutePercentageError,
  evaluateBenchmarks,
  holdOutLatestYear,
  matchRate,
  median,
} from './benchmark-evaluation';
import type { EvaluatedSale } from './benchmark-evaluation';

const sale = (date: string, districtId: number | null, priceSar: number, areaSqm = 100): EvaluatedSale => ({
  date,
  cityId: 3,
  districtId,
  propertyType: 'apartment',
  priceSar,
  areaSqm,
});

const benchmark = (median_sqm: number, scope: 'district' | 'city'): MarketBenchmark => ({
  median_sqm,
  p25_sqm: median_sqm * 0.9,
  p75_sqm: median_sqm * 1.1,
  mean_sqm: median_sqm,
  year: 2024,
  transaction_count: 10,
  yoy_pct: null,
  scope,
  area_p25_sqm: 80,
  area_median_sqm: 100,
  area_p75_sqm: 120,
});

describe('benchmark evaluation', () => {
  it('should take the median of odd and even lists and null of none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('should compute the absolute percentage error against the actual value', () => {
    expect(absolutePercentageError(110, 100)).toBeCloseTo(10);
    expect(absolutePercentageError(90, 100)).toBeCloseTo(10);
    expect(absolutePercentageError(100, 80)).toBeCloseTo(25);
  });

  it('should hold out the latest year and keep the rest for the benchmarks', () => {
    const split = holdOutLatestYear([sale('2023-05-01', 1, 1), sale('2025-01-02', 1, 1), sale('2024-12-31', 1, 1)]);
    expect(split.year).toBe(2025);
    expect(split.training.map((s) => s.date)).toEqual(['2023-05-01', '2024-12-31']);
    expect(split.heldOut.map((s) => s.date)).toEqual(['2025-01-02']);
  });

  it('should give the median error per scope and type, each scope on the same sales, and count sales without any', () => {
    // District 1: benchmark 1000/m²; sales at 800, 1000, 1250 → errors 25 %, 0 %, 20 % → median 20 %.
    // City benchmark 2000/m² for districts 1 and 2: 800, 1000, 1250, 2500 → 150, 100, 60, 20 → median 80 %.
    // District 3: no benchmark at all.
    const heldOut = [
      sale('2025-01-01', 1, 80_000),
      sale('2025-01-02', 1, 100_000),
      sale('2025-01-03', 1, 125_000),
      sale('2025-01-04', 2, 250_000),
      sale('2025-01-05', 3, 100_000),
    ];
    const benchmarksOf = (s: EvaluatedSale) => ({
      district: s.districtId === 1 ? benchmark(1000, 'district') : null,
      city: s.districtId === 3 ? null : benchmark(2000, 'city'),
    });
    const used: (number | null)[] = [];
    const result = evaluateBenchmarks({ year: 2025, training: [], heldOut }, benchmarksOf, (_s, b) => {
      used.push(b?.median_sqm ?? null);
      return 'partial';
    });
    expect(result.withoutBenchmark).toBe(1);
    expect(result.cells).toEqual([
      { scope: 'district', type: 'apartment', sales: 3, mdape: 20 },
      { scope: 'city', type: 'apartment', sales: 4, mdape: 80 },
    ]);
    expect(result.overall).toEqual([
      { scope: 'district', sales: 3, mdape: 20 },
      { scope: 'city', sales: 4, mdape: 80 },
    ]);
    // The sales at their own district's market (1000/m² in 1, each lone sale of 2 and 3) get the engine's benchmark.
    expect(used).toEqual([1000, 2000, null]);
  });

  it('should count as at the market only sales within 5 % of their district median, and how many match', () => {
    // District 1 median 1000/m²: 960 and 1040 are at the market, 1200 and 800 are not.
    const heldOut = [
      sale('2025-01-01', 1, 80_000),
      sale('2025-01-02', 1, 96_000),
      sale('2025-01-03', 1, 100_000),
      sale('2025-01-04', 1, 104_000),
      sale('2025-01-05', 1, 120_000),
      sale('2025-01-06', null, 100_000),
    ];
    const verdictAt = (s: EvaluatedSale) => (s.priceSar <= 100_000 ? 'match' : 'partial');
    expect(matchRate(heldOut, () => benchmark(1000, 'district'), verdictAt)).toEqual({
      atMarket: 3,
      matched: 2,
      rate: 66.7,
    });
    expect(matchRate([], () => null, verdictAt)).toEqual({ atMarket: 0, matched: 0, rate: null });
  });
});
