import type { DecisionPropertyInput } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import { FACTOR_CODES } from './factor-codes';
import { scoreDecision } from './score-decision';
import { SCORING_FORMULA_SUMMARY, SCORE_WEIGHTS } from '@app/contracts';
import { statusOf, verdictOf } from './scoring-formula';
import type { ScoringResult } from './scoring.types';

/** A district benchmark like Riyadh apartments: quartiles 4000 / 5000 / 6000 SAR per sqm, mean 5200. */
const districtBenchmark: MarketBenchmark = {
  p25_sqm: 4000,
  median_sqm: 5000,
  p75_sqm: 6000,
  mean_sqm: 5200,
  year: 2024,
  transaction_count: 120,
  yoy_pct: 4,
  scope: 'district',
};

const apartment = (fields: Partial<DecisionPropertyInput> = {}): DecisionPropertyInput => ({
  type: 'apartment',
  price: 750_000,
  area: 150,
  ...fields,
});

const codes = (result: ScoringResult, bucket: string) =>
  result.factors.filter((factor) => factor.bucket === bucket).map((factor) => factor.code);

describe('scoreDecision', () => {
  it('should match a median-priced, well-kept apartment in a busy, rising district at exactly 70', () => {
    const result = scoreDecision({
      property: apartment({ bedrooms: 3, bathrooms: 2, floor: 3, age: 8, parking: true, furnished: false }),
      benchmark: districtBenchmark,
      hasCoordinates: false,
    });

    // price: 750000 / 150 = 5000 per sqm = the median → 65.
    // location: 120 deals → 10 + 10 × (log10 120 − 2) / (log10 500 − 2) = 11.13; trend 4% × 1.25 = 5 → 66.13 → 66.
    // size: 5000 / 5200 = 0.9615 → 85 − 20 × (0.9615 − 0.85) / 0.15 = 70.13 → 70.
    // details: 50 + bedrooms 50 sqm each 10 + floor 3 5 + age 8 10 + parking 10 = 85.
    // score: 0.4 × 65 + 0.2 × (66 + 70 + 85) = 70.2 → 70.
    expect(result).toMatchObject({
      score: 70,
      verdict: 'match',
      price_per_sqm: 5000,
      breakdown: {
        price: { score: 65, status: 'warn' },
        location: { score: 66, status: 'warn' },
        size: { score: 70, status: 'pass' },
        details: { score: 85, status: 'pass' },
      },
    });
    expect(codes(result, 'price')).toEqual(['price_below_median']);
    expect(codes(result, 'location')).toEqual(['demand_high', 'trend_rising']);
    expect(codes(result, 'size')).toEqual(['sqm_price_near_average']);
    expect(codes(result, 'details')).toEqual(['bedrooms_fit_area', 'mid_floor', 'recent_building', 'parking']);
    expect(result.factors.find((factor) => factor.code === 'price_below_median')?.values).toEqual({
      price_per_sqm: 5000,
      p25_sqm: 4000,
      median_sqm: 5000,
      p75_sqm: 6000,
      vs_median_pct: 0,
    });
  });

  it.each([
    [3000, 100, 'price_below_p25'], // below 0.8 × p25 = 3200: flat at 100
    [3200, 100, 'price_below_p25'],
    [4000, 85, 'price_below_p25'], // p25
    [4500, 75, 'price_below_median'], // halfway p25 → median: (85 + 65) / 2
    [6000, 40, 'price_above_median'], // p75
    [6750, 25, 'price_above_p75'], // halfway p75 → 1.25 × p75: (40 + 10) / 2
    [7500, 10, 'price_above_p75'], // 1.25 × p75
    [9000, 0, 'price_above_p75'], // 1.5 × p75 and beyond
    [20000, 0, 'price_above_p75'],
  ])('should score a price of %i SAR per sqm %i on price (%s)', (perSqm, expected, code) => {
    const result = scoreDecision({
      property: apartment({ price: perSqm * 100, area: 100 }),
      benchmark: districtBenchmark,
      hasCoordinates: false,
    });
    expect(result.breakdown.price.score).toBe(expected);
    expect(codes(result, 'price')).toEqual([code]);
  });

  it('should fail an overpriced shop in a falling city-wide market and say why', () => {
    const result = scoreDecision({
      property: { type: 'commercial', price: 3_000_000, area: 500, floor: 0, age: 35, parking: false },
      benchmark: {
        p25_sqm: 3000,
        median_sqm: 4000,
        p75_sqm: 5000,
        mean_sqm: 4200,
        year: 2024,
        transaction_count: 2000,
        yoy_pct: -10,
        scope: 'city',
      },
      hasCoordinates: true,
    });

    // price: 6000 per sqm, between p75 5000 (40) and 6250 (10): 40 − 30 × 1000 / 1250 = 16.
    // location: demand capped at 20 and trend −12.5, both halved for a city benchmark: 50 + 10 − 6.25 + 5 = 58.75 → 59.
    // size: 6000 / 4200 = 1.4286 → 15 − 15 × 0.0286 / 0.2 = 12.86 → 13.
    // details: 50 + ground floor 15 − age 35 15 − no parking 10 = 40.
    // score: 0.4 × 16 + 0.2 × (59 + 13 + 40) = 28.8 → 29.
    expect(result).toMatchObject({
      score: 29,
      verdict: 'no_match',
      price_per_sqm: 6000,
      breakdown: {
        price: { score: 16, status: 'fail' },
        location: { score: 59, status: 'warn' },
        size: { score: 13, status: 'fail' },
        details: { score: 40, status: 'warn' },
      },
    });
    expect(codes(result, 'location')).toEqual(['demand_high', 'trend_falling', 'city_scope', 'coordinates_given']);
    expect(codes(result, 'size')).toEqual(['sqm_price_above_average']);
    expect(result.factors.filter((factor) => factor.bucket === 'details')).toEqual([
      { code: 'ground_floor', bucket: 'details', effect: 'positive', values: { floor: 0, points: 15 } },
      { code: 'old_building', bucket: 'details', effect: 'negative', values: { age: 35, points: -15 } },
      { code: 'no_parking', bucket: 'details', effect: 'negative', values: { points: -10 } },
    ]);
  });

  it('should score price, location and size a neutral 50 and say there is no benchmark when there is none', () => {
    const result = scoreDecision({
      property: { type: 'land', price: 1_000_000, area: 600 },
      benchmark: null,
      hasCoordinates: true,
    });

    expect(result.score).toBe(50);
    expect(result.verdict).toBe('partial');
    expect(result.price_per_sqm).toBe(1667); // 1666.67 rounded
    expect(result.breakdown).toEqual({
      price: { score: 50, status: 'warn' },
      location: { score: 50, status: 'warn' },
      size: { score: 50, status: 'warn' },
      details: { score: 50, status: 'warn' },
    });
    expect(result.factors.map((factor) => `${factor.bucket}:${factor.code}`)).toEqual([
      'price:no_benchmark',
      'location:no_benchmark',
      'size:no_benchmark',
      'details:details_not_applicable',
    ]);
  });

  it('should treat a benchmark with a zero median as no benchmark rather than divide by it', () => {
    const result = scoreDecision({
      property: apartment(),
      benchmark: { ...districtBenchmark, median_sqm: 0 },
      hasCoordinates: false,
    });
    expect(result.breakdown.price.score).toBe(50);
    expect(codes(result, 'price')).toEqual(['no_benchmark']);
  });

  it('should score a thin market with no prior year low on location', () => {
    const result = scoreDecision({
      property: apartment(),
      benchmark: { ...districtBenchmark, transaction_count: 10, yoy_pct: null },
      hasCoordinates: false,
    });
    // 50 − 15 (10 deals) + 0 (no trend) = 35.
    expect(result.breakdown.location).toEqual({ score: 35, status: 'fail' });
    expect(codes(result, 'location')).toEqual(['demand_low', 'trend_unknown']);
  });

  it('should cap the trend at 20% a year so one odd year cannot dominate', () => {
    const score = (yoy: number) =>
      scoreDecision({ property: apartment(), benchmark: { ...districtBenchmark, yoy_pct: yoy }, hasCoordinates: false })
        .breakdown.location.score;
    // 50 + 11.13 + 1.25 × 20 = 86.13 → 86, the same at 20% and 80%.
    expect(score(20)).toBe(86);
    expect(score(80)).toBe(86);
    // 50 + 11.13 − 25 = 36.13 → 36.
    expect(score(-60)).toBe(36);
  });

  it('should take 20 points off size when the area is unusual for the type', () => {
    const result = scoreDecision({
      property: apartment({ price: 100_000, area: 20 }),
      benchmark: districtBenchmark,
      hasCoordinates: false,
    });
    // 5000 per sqm → 70.13 on the mean curve, −20 for a 20 sqm apartment (usual 40-400) → 50.
    expect(result.breakdown.size.score).toBe(50);
    expect(result.factors).toContainEqual({
      code: 'area_unusual_for_type',
      bucket: 'size',
      effect: 'negative',
      values: { area: 20, min_area: 40, max_area: 400, points: -20 },
    });
  });

  it('should leave details at a neutral 50 with no factors when an apartment gives no optional fields', () => {
    const result = scoreDecision({ property: apartment(), benchmark: districtBenchmark, hasCoordinates: false });
    expect(result.breakdown.details).toEqual({ score: 50, status: 'warn' });
    expect(codes(result, 'details')).toEqual([]);
  });

  it('should fail the details of a cramped, old basement flat with no parking', () => {
    const result = scoreDecision({
      property: apartment({ area: 100, bedrooms: 5, bathrooms: 1, floor: -1, age: 40, parking: false }),
      benchmark: districtBenchmark,
      hasCoordinates: false,
    });
    // 50 − 10 (20 sqm per bedroom) − 5 (1 bathroom for 5 bedrooms) − 10 (basement) − 15 (40 years) − 10 = 0.
    expect(result.breakdown.details).toEqual({ score: 0, status: 'fail' });
    expect(codes(result, 'details')).toEqual([
      'bedrooms_cramped',
      'few_bathrooms',
      'basement',
      'old_building',
      'no_parking',
    ]);
  });

  it('should rate a ground-floor flat below a mid-floor one, and a very high one the same as the ground', () => {
    const details = (floor: number) =>
      scoreDecision({ property: apartment({ floor }), benchmark: districtBenchmark, hasCoordinates: false }).breakdown
        .details.score;
    expect(details(0)).toBe(50);
    expect(details(10)).toBe(55);
    expect(details(30)).toBe(50);
  });

  it('should score a new, furnished villa with parking and no floor rule', () => {
    const result = scoreDecision({
      property: {
        type: 'villa',
        price: 2_000_000,
        area: 400,
        bedrooms: 5,
        age: 2,
        parking: true,
        furnished: true,
        floor: 3,
      },
      benchmark: districtBenchmark,
      hasCoordinates: false,
    });
    // 50 + 10 (80 sqm per bedroom) + 20 (2 years) + 10 (parking) + 5 (furnished) = 95; the floor is ignored.
    expect(result.breakdown.details.score).toBe(95);
    expect(codes(result, 'details')).toEqual(['bedrooms_fit_area', 'new_building', 'parking', 'furnished']);
  });

  it('should put a shop above the ground floor below one on it', () => {
    const details = (floor: number) =>
      scoreDecision({
        property: { type: 'commercial', price: 1_000_000, area: 200, floor },
        benchmark: districtBenchmark,
        hasCoordinates: false,
      }).breakdown.details.score;
    expect(details(0)).toBe(65);
    expect(details(2)).toBe(40);
    expect(details(-1)).toBe(35);
  });

  it('should map scores to statuses and verdicts at the published thresholds', () => {
    expect([100, 70, 69, 40, 39, 0].map(statusOf)).toEqual(['pass', 'pass', 'warn', 'warn', 'fail', 'fail']);
    expect([100, 70, 69, 40, 39, 0].map(verdictOf)).toEqual([
      'match',
      'match',
      'partial',
      'partial',
      'no_match',
      'no_match',
    ]);
  });

  it('should publish a summary whose weights are the ones used', () => {
    expect(Object.values(SCORE_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
    expect(SCORING_FORMULA_SUMMARY).toContain(
      `${SCORE_WEIGHTS.price / 100} × price + ${SCORE_WEIGHTS.location / 100} × location + ${SCORE_WEIGHTS.size / 100} × size + ${SCORE_WEIGHTS.details / 100} × details`,
    );
    expect(Object.keys(FACTOR_CODES)).toContain('no_benchmark');
  });
});
