import type { DecisionBenchmark, PropertyType } from '@app/contracts';

/** Where a benchmark is looked up: the resolved place and the property type. */
export interface BenchmarkQuery {
  cityId: number;
  districtId: number;
  type: PropertyType;
}

/**
 * One benchmark row as scoring sees it: the public fields plus the mean, which the size
 * bucket compares against ("price per sqm against the market average").
 */
export interface MarketBenchmark extends DecisionBenchmark {
  mean_sqm: number;
}
