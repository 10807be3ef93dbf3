import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import type { BucketResult } from './factor-codes';
import { factor } from './factor-codes';
import { oneDecimal, piecewiseLinear, toScore } from './piecewise-linear';
import { NEUTRAL_SCORE } from './scoring-formula';
import type { ScoringFactor } from './scoring.types';

/**
 * r = price per sqm / market average → score. Never rises with the price. At the average, 65
 * (like price at the median: a fair price, no bargain); 15 % under it, 85 (about where p25 sits in
 * these markets); 20 % over it, 40 (about p75); 60 % over it, nothing.
 */
export const AVERAGE_RATIO_CURVE = [
  { x: 0.7, y: 100 },
  { x: 0.85, y: 85 },
  { x: 1, y: 65 },
  { x: 1.2, y: 40 },
  { x: 1.4, y: 15 },
  { x: 1.6, y: 0 },
] as const;

/** Within this share of the average either way, the price per sqm reads as "near the average". */
const NEAR_AVERAGE_BAND = 0.05;

/** The market average for the type and place: the benchmark's mean, else its median. */
export function marketAverage(benchmark: MarketBenchmark): { sqm: number; kind: 'mean' | 'median' } {
  const mean = benchmark.mean_sqm;
  return mean !== null && Number.isFinite(mean) && mean > 0
    ? { sqm: mean, kind: 'mean' }
    : { sqm: benchmark.median_sqm, kind: 'median' };
}

/**
 * size (spec 2.2): the price per sqm against the market average for the type and place. A
 * neutral 50 with a `no_benchmark` factor when there is nothing to compare with.
 */
export function sizeBucket(pricePerSqm: number, benchmark: MarketBenchmark | null): BucketResult {
  if (!benchmark) return { score: NEUTRAL_SCORE, factors: [factor('no_benchmark', 'size', 'neutral')] };
  const average = marketAverage(benchmark);
  const ratio = pricePerSqm / average.sqm;
  const score = toScore(piecewiseLinear(AVERAGE_RATIO_CURVE, ratio));
  const values = {
    price_per_sqm: Math.round(pricePerSqm),
    average_sqm: Math.round(average.sqm),
    average: average.kind,
    vs_average_pct: oneDecimal((ratio - 1) * 100),
    score,
  };
  const factors: ScoringFactor[] = [
    ratio < 1 - NEAR_AVERAGE_BAND
      ? factor('sqm_price_below_average', 'size', 'positive', values)
      : ratio > 1 + NEAR_AVERAGE_BAND
        ? factor('sqm_price_above_average', 'size', 'negative', values)
        : factor('sqm_price_near_average', 'size', 'neutral', values),
  ];
  if (average.kind === 'median') {
    factors.push(factor('average_from_median', 'size', 'neutral', { median_sqm: benchmark.median_sqm }));
  }
  return { score, factors };
}
