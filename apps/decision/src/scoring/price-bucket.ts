import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import type { BucketResult } from './factor-codes';
import { factor } from './factor-codes';
import { oneDecimal, piecewiseLinear, toScore } from './piecewise-linear';
import { NEUTRAL_SCORE } from './scoring-formula';

/** Price per sqm → score, on the benchmark's quartiles. Never rises with the price. */
export function priceCurve(benchmark: MarketBenchmark) {
  return [
    { x: 0.8 * benchmark.p25_sqm, y: 100 },
    { x: benchmark.p25_sqm, y: 85 },
    { x: benchmark.median_sqm, y: 65 },
    { x: benchmark.p75_sqm, y: 40 },
    { x: 1.25 * benchmark.p75_sqm, y: 10 },
    { x: 1.5 * benchmark.p75_sqm, y: 0 },
  ];
}

/** price: where the asking price per sqm sits on the benchmark's distribution. */
export function priceBucket(pricePerSqm: number, benchmark: MarketBenchmark | null): BucketResult {
  if (!benchmark) {
    return { score: NEUTRAL_SCORE, factors: [factor('no_benchmark', 'price', 'neutral')] };
  }
  const values = {
    price_per_sqm: Math.round(pricePerSqm),
    p25_sqm: benchmark.p25_sqm,
    median_sqm: benchmark.median_sqm,
    p75_sqm: benchmark.p75_sqm,
    vs_median_pct: oneDecimal((pricePerSqm / benchmark.median_sqm - 1) * 100),
  };
  const score = toScore(piecewiseLinear(priceCurve(benchmark), pricePerSqm));
  if (pricePerSqm <= benchmark.p25_sqm)
    return { score, factors: [factor('price_below_p25', 'price', 'positive', values)] };
  if (pricePerSqm <= benchmark.median_sqm) {
    return { score, factors: [factor('price_below_median', 'price', 'positive', values)] };
  }
  if (pricePerSqm <= benchmark.p75_sqm) {
    return { score, factors: [factor('price_above_median', 'price', 'neutral', values)] };
  }
  return { score, factors: [factor('price_above_p75', 'price', 'negative', values)] };
}
