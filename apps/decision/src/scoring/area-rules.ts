import type { DecisionPropertyInput, PropertyType } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import type { FactorCode, RulePoints } from './factor-codes';
import { oneDecimal, piecewiseLinear } from './piecewise-linear';

/*
 * The area as evidence for `details`: against the areas sold (same place, type and year as the
 * price benchmark), bedrooms for the area, and the usual area for the type. Never the price.
 */

/**
 * Points for the area on the areas sold, piecewise linear, flat outside. The middle half of sales
 * is what the place trades: nothing at a25, a little more towards the larger end (more room for
 * the same kind of home). Smaller than most falls fast: cramped for the place, and at half a25 a
 * different product. Larger than most holds up to twice a75, then turns against it: an outsized
 * unit has few buyers.
 */
export function areaCurve(benchmark: Pick<MarketBenchmark, 'area_p25_sqm' | 'area_median_sqm' | 'area_p75_sqm'>) {
  return [
    { x: 0.5 * benchmark.area_p25_sqm, y: -20 },
    { x: benchmark.area_p25_sqm, y: 0 },
    { x: benchmark.area_median_sqm, y: 5 },
    { x: benchmark.area_p75_sqm, y: 10 },
    { x: 2 * benchmark.area_p75_sqm, y: 10 },
    { x: 3 * benchmark.area_p75_sqm, y: -10 },
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

const positive = (figure: number) => Number.isFinite(figure) && figure > 0;

/** The area on the areas sold; `area_not_compared` (0 points) without a benchmark or its area figures. */
export function areaAgainstSales(area: number, benchmark: MarketBenchmark | null): RulePoints {
  if (!benchmark || ![benchmark.area_p25_sqm, benchmark.area_median_sqm, benchmark.area_p75_sqm].every(positive)) {
    return { code: 'area_not_compared', points: 0, values: { area } };
  }
  const points = oneDecimal(piecewiseLinear(areaCurve(benchmark), area));
  const values = {
    area,
    area_p25_sqm: benchmark.area_p25_sqm,
    area_median_sqm: benchmark.area_median_sqm,
    area_p75_sqm: benchmark.area_p75_sqm,
  };
  const code: FactorCode =
    area < benchmark.area_p25_sqm
      ? 'area_below_market_range'
      : area <= benchmark.area_p75_sqm
        ? 'area_within_market_range'
        : area <= 2 * benchmark.area_p75_sqm
          ? 'area_above_market_range'
          : 'area_far_above_market_range';
  return { code, points, values };
}

/** Apartments and villas with `bedrooms` ≥ 1: the room count against the area; null when it says nothing. */
export function bedroomsForArea(property: DecisionPropertyInput): RulePoints | null {
  if (property.type !== 'apartment' && property.type !== 'villa') return null;
  if (property.bedrooms === undefined || property.bedrooms < 1) return null;
  const sqmPerBedroom = property.area / property.bedrooms;
  const bounds = SQM_PER_BEDROOM[property.type];
  const values = { bedrooms: property.bedrooms, area: property.area, sqm_per_bedroom: oneDecimal(sqmPerBedroom) };
  if (sqmPerBedroom < bounds.cramped) return { code: 'bedrooms_cramped', points: BEDROOMS_POINTS.cramped, values };
  if (sqmPerBedroom <= bounds.fits) return { code: 'bedrooms_fit_area', points: BEDROOMS_POINTS.fits, values };
  return null;
}

/** −20 when the area is outside the usual range for the type; null inside it. */
export function unusualArea(property: DecisionPropertyInput): RulePoints | null {
  const usual = USUAL_AREA[property.type];
  if (property.area >= usual.min && property.area <= usual.max) return null;
  return {
    code: 'area_unusual_for_type',
    points: UNUSUAL_AREA_POINTS,
    values: { area: property.area, min_area: usual.min, max_area: usual.max },
  };
}
