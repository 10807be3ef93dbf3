import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import { detailsBucket } from './details-bucket';
import { locationBucket } from './location-bucket';
import { priceBucket } from './price-bucket';
import { overallScore, subScore, verdictOf } from './scoring-formula';
import type { ScoringInput, ScoringResult } from './scoring.types';
import { sizeBucket } from './size-bucket';

/**
 * A benchmark whose price quartiles are not all positive numbers compares with nothing: it scores
 * as none. Its other figures are checked where they are used: without a mean, size uses the median;
 * without area quartiles, the area is not compared.
 */
export function usableBenchmark(benchmark: MarketBenchmark | null): MarketBenchmark | null {
  if (!benchmark) return null;
  const figures = [benchmark.p25_sqm, benchmark.median_sqm, benchmark.p75_sqm];
  return figures.every((figure) => Number.isFinite(figure) && figure > 0) ? benchmark : null;
}

/**
 * The decision score: four sub-scores, their weighted mean, the verdict, and the facts
 * behind them. Pure and deterministic; the formula is in README.md beside this file.
 * Expects a validated property (price and area positive).
 */
export function scoreDecision(input: ScoringInput): ScoringResult {
  const { property, hasCoordinates } = input;
  const benchmark = usableBenchmark(input.benchmark);
  const pricePerSqm = property.price / property.area;

  const price = priceBucket(pricePerSqm, benchmark);
  const location = locationBucket(benchmark, hasCoordinates);
  const size = sizeBucket(pricePerSqm, benchmark);
  const details = detailsBucket(property, benchmark);

  const breakdown = {
    price: subScore(price.score),
    location: subScore(location.score),
    size: subScore(size.score),
    details: subScore(details.score),
  };
  const score = overallScore(breakdown);
  return {
    score,
    verdict: verdictOf(score),
    breakdown,
    price_per_sqm: Math.round(pricePerSqm),
    factors: [...price.factors, ...location.factors, ...size.factors, ...details.factors],
  };
}
