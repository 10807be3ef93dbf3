import type { DecisionBreakdown, DecisionFactor, DecisionPropertyInput, Verdict } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';

/** Everything the score depends on; nothing else (the function is pure). */
export interface ScoringInput {
  property: DecisionPropertyInput;
  /** null: no benchmark for the place and type; price, location and size score neutral and say so. */
  benchmark: MarketBenchmark | null;
  /** The request carried lat/lng. */
  hasCoordinates: boolean;
}

/**
 * A fact behind a sub-score, for the response's `factors` and the reasoning providers: a stable
 * code, the bucket it belongs to, whether it counts for or against, and the numbers it was
 * computed from (the contract's shape).
 */
export type ScoringFactor = DecisionFactor;

export interface ScoringResult {
  score: number;
  verdict: Verdict;
  breakdown: DecisionBreakdown;
  /** Price divided by area, rounded to an integer. */
  price_per_sqm: number;
  factors: ScoringFactor[];
}
