import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import type { BucketResult } from './factor-codes';
import { factor } from './factor-codes';
import { clamp, oneDecimal, piecewiseLinear, toScore } from './piecewise-linear';
import { NEUTRAL_SCORE } from './scoring-formula';

/**
 * Demand points on log10(transactions of the type in the benchmark's year). Pinned to real
 * volumes: the Saudi MoJ file averages about 17 sales per district per year, so about 15
 * sales is an ordinary district (0 points); 5, the fewest a benchmark uses, is thin; 40 is
 * a busy district and 150 or more a market as deep as a district gets.
 */
const DEMAND_CURVE = [
  { x: Math.log10(5), y: -10 },
  { x: Math.log10(15), y: 0 },
  { x: Math.log10(40), y: 10 },
  { x: Math.log10(150), y: 20 },
];
const DEMAND_HIGH_FROM = 40;
const DEMAND_LOW_BELOW = 10;

/** Trend points per year-over-year percent, capped so one odd year cannot dominate. */
const TREND_POINTS_PER_PCT = 1.25;
const TREND_CAP_PCT = 20;
const TREND_SIGNIFICANT_PCT = 2;

/** City-wide figures say less about the district, so they move the score half as far. */
const CITY_SCOPE_WEIGHT = 0.5;
const COORDINATES_POINTS = 5;

function demandPoints(transactionCount: number): number {
  return piecewiseLinear(DEMAND_CURVE, Math.log10(Math.max(1, transactionCount)));
}

function demandFactor(benchmark: MarketBenchmark, points: number) {
  const values = { transaction_count: benchmark.transaction_count, year: benchmark.year, points: oneDecimal(points) };
  if (benchmark.transaction_count >= DEMAND_HIGH_FROM) return factor('demand_high', 'location', 'positive', values);
  if (benchmark.transaction_count < DEMAND_LOW_BELOW) return factor('demand_low', 'location', 'negative', values);
  return factor('demand_moderate', 'location', 'neutral', values);
}

function trendFactor(yoyPct: number | null, points: number) {
  const values = { yoy_pct: yoyPct, points: oneDecimal(points) };
  if (yoyPct === null) return factor('trend_unknown', 'location', 'neutral', values);
  if (yoyPct >= TREND_SIGNIFICANT_PCT) return factor('trend_rising', 'location', 'positive', values);
  if (yoyPct <= -TREND_SIGNIFICANT_PCT) return factor('trend_falling', 'location', 'negative', values);
  return factor('trend_stable', 'location', 'neutral', values);
}

/** location: area demand (transaction count) and trend (year-over-year change) from the benchmark. */
export function locationBucket(benchmark: MarketBenchmark | null, hasCoordinates: boolean): BucketResult {
  if (!benchmark) {
    return { score: NEUTRAL_SCORE, factors: [factor('no_benchmark', 'location', 'neutral')] };
  }
  const weight = benchmark.scope === 'city' ? CITY_SCOPE_WEIGHT : 1;
  const demand = weight * demandPoints(benchmark.transaction_count);
  const trend =
    benchmark.yoy_pct === null
      ? 0
      : weight * TREND_POINTS_PER_PCT * clamp(benchmark.yoy_pct, -TREND_CAP_PCT, TREND_CAP_PCT);
  const coordinates = hasCoordinates ? COORDINATES_POINTS : 0;

  const factors = [demandFactor(benchmark, demand), trendFactor(benchmark.yoy_pct, trend)];
  if (benchmark.scope === 'city') factors.push(factor('city_scope', 'location', 'neutral', { weight }));
  if (hasCoordinates) factors.push(factor('coordinates_given', 'location', 'positive', { points: coordinates }));
  return { score: toScore(NEUTRAL_SCORE + demand + trend + coordinates), factors };
}
