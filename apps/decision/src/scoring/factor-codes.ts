import type { DecisionBreakdown } from '@app/contracts';
import type { ScoringFactor } from './scoring.types';

/**
 * Every code a scoring factor can carry, with what it means. Stable: the reasoning
 * providers turn them into sentences, and clients may see them in `key_factors`.
 * `values` always holds the numbers named in brackets.
 */
export const FACTOR_CODES = {
  // Any bucket that needs the benchmark.
  no_benchmark: 'No benchmark for the place and type: the bucket scores a neutral 50. []',

  // price: the price per sqm on the benchmark's distribution.
  price_below_p25:
    'Price per sqm at or below the 25th percentile: well priced. [price_per_sqm, p25_sqm, median_sqm, p75_sqm, vs_median_pct]',
  price_below_median: 'Price per sqm above p25, at or below the median. [same as price_below_p25]',
  price_above_median: 'Price per sqm above the median, at or below p75. [same as price_below_p25]',
  price_above_p75: 'Price per sqm above the 75th percentile: expensive. [same as price_below_p25]',

  // location: area demand and trend.
  demand_high: 'At least 40 transactions in the benchmark year. [transaction_count, year, points]',
  demand_moderate: 'From 10 to 39 transactions in the benchmark year. [transaction_count, year, points]',
  demand_low: 'Fewer than 10 transactions in the benchmark year. [transaction_count, year, points]',
  trend_rising: 'Prices per sqm rose at least 2% over the year before. [yoy_pct, points]',
  trend_stable: 'Prices per sqm moved less than 2% either way. [yoy_pct, points]',
  trend_falling: 'Prices per sqm fell at least 2% over the year before. [yoy_pct, points]',
  trend_unknown: 'No prior-year data, so no trend. [yoy_pct (null), points]',
  city_scope: 'The benchmark covers the whole city, not the district: demand and trend count half. [weight]',
  coordinates_given: 'The request pinned the property with coordinates. [points]',

  // size: the area against the areas sold, bedrooms for the area, the area for the type. Never the price.
  area_below_market_range:
    'The area is below the 25th percentile of areas sold. [area, area_p25_sqm, area_median_sqm, area_p75_sqm, score]',
  area_within_market_range: 'The area is within the middle half of areas sold (p25 to p75). [same as above]',
  area_above_market_range: 'The area is above p75 of areas sold, at most twice it. [same as above]',
  area_far_above_market_range: 'The area is more than twice p75 of areas sold: few buyers. [same as above]',
  bedrooms_fit_area: 'A sensible number of bedrooms for the area. [bedrooms, area, sqm_per_bedroom, points]',
  bedrooms_cramped: 'Too many bedrooms for the area. [bedrooms, area, sqm_per_bedroom, points]',
  area_unusual_for_type: 'The area is outside the usual range for the type. [area, min_area, max_area, points]',

  // details: type-specific.
  few_bathrooms: 'Fewer than one bathroom per two bedrooms. [bedrooms, bathrooms, points]',
  basement: 'Below ground. [floor, points]',
  ground_floor: 'On the ground floor: best for a shop, plain for a flat. [floor, points]',
  mid_floor: 'A flat on floors 1 to 24. [floor, points]',
  high_floor: 'A flat on floor 25 or higher. [floor, points]',
  upper_floor: 'A shop above the ground floor: less passing trade. [floor, points]',
  new_building: 'Built at most 5 years ago. [age, points]',
  recent_building: 'Built more than 5 and at most 15 years ago. [age, points]',
  old_building: 'Built more than 30 years ago. [age, points]',
  parking: 'Has parking. [points]',
  no_parking: 'Has no parking. [points]',
  furnished: 'Sold furnished. [points]',
  details_not_applicable: 'Land: building details do not apply; details score a neutral 50. [type]',
} as const;

export type FactorCode = keyof typeof FACTOR_CODES;

export function factor(
  code: FactorCode,
  bucket: keyof DecisionBreakdown,
  effect: ScoringFactor['effect'],
  values: ScoringFactor['values'] = {},
): ScoringFactor {
  return { code, bucket, effect, values };
}

/** The effect of a number of points added to a bucket. */
export function effectOf(points: number): ScoringFactor['effect'] {
  if (points > 0) return 'positive';
  if (points < 0) return 'negative';
  return 'neutral';
}

/** One bucket's sub-score and the facts behind it. */
export interface BucketResult {
  score: number;
  factors: ScoringFactor[];
}
