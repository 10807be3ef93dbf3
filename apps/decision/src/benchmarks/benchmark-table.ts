import type { BenchmarkQuery, MarketBenchmark } from './market-benchmark';
import type { BenchmarkRow } from './benchmarks.repository';

/**
 * Fewest transactions a (place, type, year) needs before its figures are used. Below it a
 * median is one or two sales and says little; 5 is the smallest sample whose quartiles are
 * not simply its extremes. A sparse district year falls back to an earlier district year,
 * then to the city.
 */
export const MIN_BENCHMARK_TRANSACTIONS = 5;

const placeKey = (scope: 'city' | 'district', placeId: number, type: string) => `${scope}:${placeId}:${type}`;

function toMarketBenchmark(row: BenchmarkRow): MarketBenchmark {
  return {
    median_sqm: Math.round(row.medianSqm),
    p25_sqm: Math.round(row.p25Sqm),
    p75_sqm: Math.round(row.p75Sqm),
    mean_sqm: Math.round(row.meanSqm),
    area_p25_sqm: Math.round(row.areaP25Sqm),
    area_median_sqm: Math.round(row.areaMedianSqm),
    area_p75_sqm: Math.round(row.areaP75Sqm),
    year: row.year,
    transaction_count: row.transactionCount,
    yoy_pct: row.yoyPct === null ? null : Math.round(row.yoyPct * 10) / 10,
    scope: row.scope,
  };
}

/** Every benchmark in memory, answering the benchmark rule without a database round trip. */
export class BenchmarkTable {
  /** Per place and type: the latest year with enough transactions, already shaped. */
  private readonly usable = new Map<string, MarketBenchmark>();

  constructor(
    rows: BenchmarkRow[],
    readonly minCount = MIN_BENCHMARK_TRANSACTIONS,
  ) {
    const latest = new Map<string, BenchmarkRow>();
    for (const row of rows) {
      if (row.transactionCount < minCount) continue;
      const key = placeKey(row.scope, row.placeId, row.propertyType);
      const held = latest.get(key);
      if (!held || row.year > held.year) latest.set(key, row);
    }
    for (const [key, row] of latest) this.usable.set(key, toMarketBenchmark(row));
  }

  get size(): number {
    return this.usable.size;
  }

  /** District + type for the latest year with enough transactions, else city + type the same way, else null. */
  find(query: BenchmarkQuery): MarketBenchmark | null {
    return (
      this.usable.get(placeKey('district', query.districtId, query.type)) ??
      this.usable.get(placeKey('city', query.cityId, query.type)) ??
      null
    );
  }
}
