import type { PropertyType } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import type { BucketResult } from './factor-codes';
import { factor } from './factor-codes';
import { oneDecimal, piecewiseLinear, toScore } from './piecewise-linear';
import { NEUTRAL_SCORE } from './scoring-formula';

/** Price per sqm over the market mean → score. Never rises with the price. */
const MEAN_RATIO_CURVE = [
  { x: 0.7, y: 100 },
  { x: 0.85, y: 85 },
  { x: 1, y: 65 },
  { x: 1.2, y: 40 },
  { x: 1.4, y: 15 },
  { x: 1.6, y: 0 },
];
const NEAR_AVERAGE_BAND = 0.05;

/** Usual areas by type, sqm: outside them the listing (or its benchmark comparison) is suspect. */
export const USUAL_AREA: Record<PropertyType, { min: number; max: number }> = {
  apartment: { min: 40, max: 400 },
  villa: { min: 150, max: 2000 },
  land: { min: 100, max: 100_000 },
  commercial: { min: 10, max: 5000 },
  office: { min: 15, max: 5000 },
};
const UNUSUAL_AREA_POINTS = -20;

/** size: price per sqm against the market average for the type and place, and the area's plausibility. */
export function sizeBucket(
  type: PropertyType,
  area: number,
  pricePerSqm: number,
  benchmark: MarketBenchmark | null,
): BucketResult {
  if (!benchmark) {
    return { score: NEUTRAL_SCORE, factors: [factor('no_benchmark', 'size', 'neutral')] };
  }
  const ratio = pricePerSqm / benchmark.mean_sqm;
  const values = {
    price_per_sqm: Math.round(pricePerSqm),
    mean_sqm: benchmark.mean_sqm,
    vs_mean_pct: oneDecimal((ratio - 1) * 100),
  };
  const factors = [
    ratio < 1 - NEAR_AVERAGE_BAND
      ? factor('sqm_price_below_average', 'size', 'positive', values)
      : ratio > 1 + NEAR_AVERAGE_BAND
        ? factor('sqm_price_above_average', 'size', 'negative', values)
        : factor('sqm_price_near_average', 'size', 'neutral', values),
  ];

  const usual = USUAL_AREA[type];
  const unusual = area < usual.min || area > usual.max;
  if (unusual) {
    factors.push(
      factor('area_unusual_for_type', 'size', 'negative', {
        area,
        min_area: usual.min,
        max_area: usual.max,
        points: UNUSUAL_AREA_POINTS,
      }),
    );
  }
  const points = unusual ? UNUSUAL_AREA_POINTS : 0;
  return { score: toScore(piecewiseLinear(MEAN_RATIO_CURVE, ratio) + points), factors };
}
