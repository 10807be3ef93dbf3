import type { DecisionPropertyInput, PropertyType } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import type { BucketResult } from './factor-codes';
import { factor } from './factor-codes';
import { oneDecimal, piecewiseLinear, toScore } from './piecewise-linear';
import { NEUTRAL_SCORE } from './scoring-formula';
import type { ScoringFactor } from './scoring.types';

/**
 * The area on the areas sold (same place, type and year as the price benchmark). The middle
 * half of sales is what the market trades: ordinary, a little better towards its larger end
 * (more room for the same kind of home). Smaller than most falls fast: it is a cramped unit
 * for the place. Larger than most holds up to twice p75, then eases: an outsized unit has
 * fewer buyers. The price is not an input: size never moves with it.
 */
export function areaCurve(benchmark: MarketBenchmark) {
  return [
    { x: 0.5 * benchmark.area_p25_sqm, y: 20 },
    { x: benchmark.area_p25_sqm, y: 60 },
    { x: benchmark.area_median_sqm, y: 75 },
    { x: benchmark.area_p75_sqm, y: 80 },
    { x: 2 * benchmark.area_p75_sqm, y: 80 },
    { x: 3 * benchmark.area_p75_sqm, y: 50 },
  ];
}

/** Usual areas by type, sqm: outside them the listing (or its comparison with sales) is suspect. */
export const USUAL_AREA: Record<PropertyType, { min: number; max: number }> = {
  apartment: { min: 40, max: 400 },
  villa: { min: 150, max: 2000 },
  land: { min: 100, max: 100_000 },
  commercial: { min: 10, max: 5000 },
  office: { min: 15, max: 5000 },
};
const UNUSUAL_AREA_POINTS = -20;

/** Homes: square metres per bedroom below `cramped` is too many rooms; up to `fits` a sensible layout. */
export const SQM_PER_BEDROOM = {
  apartment: { cramped: 25, fits: 80 },
  villa: { cramped: 40, fits: 150 },
} as const;
const BEDROOMS_POINTS = { cramped: -10, fits: 10 } as const;

function areaAgainstSales(area: number, benchmark: MarketBenchmark | null): BucketResult {
  if (!benchmark) return { score: NEUTRAL_SCORE, factors: [factor('no_benchmark', 'size', 'neutral')] };
  const score = piecewiseLinear(areaCurve(benchmark), area);
  const values = {
    area,
    area_p25_sqm: benchmark.area_p25_sqm,
    area_median_sqm: benchmark.area_median_sqm,
    area_p75_sqm: benchmark.area_p75_sqm,
    score: oneDecimal(score),
  };
  let found: ScoringFactor;
  if (area < benchmark.area_p25_sqm) found = factor('area_below_market_range', 'size', 'negative', values);
  else if (area <= benchmark.area_p75_sqm) found = factor('area_within_market_range', 'size', 'positive', values);
  else if (area <= 2 * benchmark.area_p75_sqm) found = factor('area_above_market_range', 'size', 'positive', values);
  else found = factor('area_far_above_market_range', 'size', 'negative', values);
  return { score, factors: [found] };
}

function bedroomsForArea(property: DecisionPropertyInput): { points: number; factor: ScoringFactor } | null {
  if (property.type !== 'apartment' && property.type !== 'villa') return null;
  if (property.bedrooms === undefined || property.bedrooms < 1) return null;
  const sqmPerBedroom = property.area / property.bedrooms;
  const bounds = SQM_PER_BEDROOM[property.type];
  const values = { bedrooms: property.bedrooms, area: property.area, sqm_per_bedroom: oneDecimal(sqmPerBedroom) };
  if (sqmPerBedroom < bounds.cramped) {
    const points = BEDROOMS_POINTS.cramped;
    return { points, factor: factor('bedrooms_cramped', 'size', 'negative', { ...values, points }) };
  }
  if (sqmPerBedroom <= bounds.fits) {
    const points = BEDROOMS_POINTS.fits;
    return { points, factor: factor('bedrooms_fit_area', 'size', 'positive', { ...values, points }) };
  }
  return null;
}

/**
 * size: the area alone. Against the areas sold in the benchmark's place and year (50 without
 * a benchmark), plus bedrooms for the area (homes), minus 20 for an area unusual for the type.
 */
export function sizeBucket(property: DecisionPropertyInput, benchmark: MarketBenchmark | null): BucketResult {
  const base = areaAgainstSales(property.area, benchmark);
  const factors = [...base.factors];
  let points = 0;

  const bedrooms = bedroomsForArea(property);
  if (bedrooms) {
    points += bedrooms.points;
    factors.push(bedrooms.factor);
  }

  const usual = USUAL_AREA[property.type];
  if (property.area < usual.min || property.area > usual.max) {
    points += UNUSUAL_AREA_POINTS;
    factors.push(
      factor('area_unusual_for_type', 'size', 'negative', {
        area: property.area,
        min_area: usual.min,
        max_area: usual.max,
        points: UNUSUAL_AREA_POINTS,
      }),
    );
  }
  return { score: toScore(base.score + points), factors };
}
