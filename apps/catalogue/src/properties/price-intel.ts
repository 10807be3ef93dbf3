import type { DecisionBenchmark, PriceIntel, PricePosition } from '@app/contracts';

/** Pure: a listing's price per m² placed on its benchmark. */
export function priceIntel(
  property: { id: string; price_sar: number; area_sqm: number },
  benchmark: DecisionBenchmark | null,
): PriceIntel {
  const perSqm = Math.round(property.price_sar / property.area_sqm);
  return {
    object: 'price_intel',
    property_id: property.id,
    price_sar: property.price_sar,
    area_sqm: property.area_sqm,
    price_per_sqm: perSqm,
    benchmark,
    position: benchmark ? positionOf(perSqm, benchmark) : null,
    vs_median_pct: benchmark ? Math.round(((perSqm - benchmark.median_sqm) / benchmark.median_sqm) * 1000) / 10 : null,
  };
}

function positionOf(perSqm: number, benchmark: DecisionBenchmark): PricePosition {
  if (perSqm <= benchmark.p25_sqm) return 'below_p25';
  if (perSqm <= benchmark.median_sqm) return 'p25_to_median';
  if (perSqm <= benchmark.p75_sqm) return 'median_to_p75';
  return 'above_p75';
}
