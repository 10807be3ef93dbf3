import type { DecisionBenchmark, PropertyType } from '@app/contracts';

/** Where a benchmark is looked up: the resolved place and the property type. */
export interface BenchmarkQuery {
  cityId: number;
  districtId: number;
  type: PropertyType;
}

/**
 * One benchmark row as scoring sees it: the public fields plus the mean price per m² and the
 * area quartiles (m², whole) of the same sales, which the size bucket judges the area against.
 */
export interface MarketBenchmark extends DecisionBenchmark {
  mean_sqm: number;
  area_p25_sqm: number;
  area_median_sqm: number;
  area_p75_sqm: number;
}
