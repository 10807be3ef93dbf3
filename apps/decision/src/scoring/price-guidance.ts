import { SCORE_WEIGHTS } from '@app/contracts';
import type { DecisionPriceGuidance, PriceGuidanceLimit, PriceRangeSar, Verdict } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import { priceCurve } from './price-bucket';
import { scoreDecision, usableBenchmark } from './score-decision';
import type { ScoringInput } from './scoring.types';
import { AVERAGE_RATIO_CURVE, marketAverage } from './size-bucket';

/** The lowest asking price guidance considers: whole riyals, and the request's price must be positive. */
const LOWEST_PRICE_SAR = 1;

/** Where a verdict stands against the asking price: reached up to `price`, at no price, or at every price. */
type Reach = { price: number } | 'nowhere' | 'everywhere';

/** The buckets the price cannot move: when a verdict is out of reach at any price, one of them holds it back. */
const FIXED_BUCKETS = ['location', 'details'] as const;

/**
 * The price that makes a match (issue 30): the benchmark's fair range for this area and the highest
 * whole-riyal asking prices at which the verdict is `match`, and at least `partial`, all else unchanged.
 * Pure. Found by bisection on `scoreDecision` itself: only price and size read the price, neither ever
 * rises with it, so the verdict only falls as the price rises, and the search lands exactly on the
 * published formula's edge, its rounding included (at the answer the verdict holds, one riyal more it
 * does not).
 */
export function priceGuidance(input: ScoringInput): DecisionPriceGuidance {
  const benchmark = usableBenchmark(input.benchmark);
  const toMatch = highestPriceReaching(input, benchmark, (verdict) => verdict === 'match');
  const toPartial = highestPriceReaching(input, benchmark, (verdict) => verdict !== 'no_match');
  return {
    fair_range_sar: benchmark && fairRange(benchmark, input.property.area),
    price_to_match_sar: typeof toMatch === 'object' ? toMatch.price : null,
    price_to_partial_sar: typeof toPartial === 'object' ? toPartial.price : null,
    limited_by: toMatch === 'nowhere' ? limitOf(input, benchmark) : null,
    partial_at_any_price: toPartial === 'everywhere',
  };
}

/** p25 to p75 per sqm times the area, to the nearest riyal. */
function fairRange(benchmark: MarketBenchmark, area: number): PriceRangeSar {
  return { min: Math.round(benchmark.p25_sqm * area), max: Math.round(benchmark.p75_sqm * area) };
}

function verdictAt(input: ScoringInput, price: number): Verdict {
  return scoreDecision({ ...input, property: { ...input.property, price } }).verdict;
}

/**
 * The first whole-riyal price at which both price curves are flat at their last point: above it no
 * sub-score moves, so a verdict still held there is held at any price.
 */
function flatAbove(benchmark: MarketBenchmark, area: number): number {
  // The largest x, not the last: a curve whose quartiles are out of order is raised to its largest corner.
  const priceFlatSqm = Math.max(...priceCurve(benchmark).map((point) => point.x));
  const sizeFlatSqm = Math.max(...AVERAGE_RATIO_CURVE.map((point) => point.x)) * marketAverage(benchmark).sqm;
  return Math.ceil(Math.max(priceFlatSqm, sizeFlatSqm) * area) + 1;
}

function highestPriceReaching(
  input: ScoringInput,
  benchmark: MarketBenchmark | null,
  reaches: (verdict: Verdict) => boolean,
): Reach {
  // Without a benchmark the price is compared with nothing: every price scores the same.
  if (!benchmark) return reaches(verdictAt(input, input.property.price)) ? 'everywhere' : 'nowhere';
  let low = LOWEST_PRICE_SAR;
  if (!reaches(verdictAt(input, low))) return 'nowhere';
  let high = flatAbove(benchmark, input.property.area);
  if (reaches(verdictAt(input, high))) return 'everywhere';
  // Invariant: reached at `low`, not at `high`; they close in until one riyal apart.
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reaches(verdictAt(input, middle))) low = middle;
    else high = middle;
  }
  return { price: low };
}

/**
 * What keeps a match out of reach at any price: nothing to judge the price against, or the fixed
 * bucket that costs the most weighted points at the best price (location first on a tie).
 */
function limitOf(input: ScoringInput, benchmark: MarketBenchmark | null): PriceGuidanceLimit {
  if (!benchmark) return 'no_benchmark';
  const { breakdown } = scoreDecision({ ...input, property: { ...input.property, price: LOWEST_PRICE_SAR } });
  const shortfall = (bucket: (typeof FIXED_BUCKETS)[number]) => SCORE_WEIGHTS[bucket] * (100 - breakdown[bucket].score);
  return FIXED_BUCKETS.reduce((worst, bucket) => (shortfall(bucket) > shortfall(worst) ? bucket : worst));
}
