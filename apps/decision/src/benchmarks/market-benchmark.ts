import type { DecisionBenchmark, PropertyType } from '@app/contracts';

/** Where a benchmark is looked up: the resolved place and the property type. */
export interface BenchmarkQuery {
  cityId: number;
  districtId: number;
  type: PropertyType;
}

/**
 * One benchmark row as scoring sees it: the public fields plus the mean price per m² (the market
 * average the size bucket compares with, spec 2.2) and the area quartiles (m², whole) of the same
 * sales, which the details bucket judges the area against.
 */
export interface MarketBenchmark extends DecisionBenchmark {
  /**
   * Mean price per m² of the same sales. Computed benchmarks always have one; null for a source
   * that gives none, and then size compares with the median instead and says so.
   */
  mean_sqm: number | null;
  area_p25_sqm: number;
  area_median_sqm: number;
  area_p75_sqm: number;
}
