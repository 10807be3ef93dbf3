import type { DecisionPropertyInput } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import { FACTOR_CODES } from './factor-codes';
import { scoreDecision } from './score-decision';
import { SCORING_FORMULA_SUMMARY, SCORE_WEIGHTS } from '@app/contracts';
import { statusOf, verdictOf } from './scoring-formula';
import type { ScoringResult } from './scoring.types';

/**
 * A district benchmark like Riyadh apartments: quartiles 4000 / 5000 / 6000 SAR per sqm, mean
 * 5200; areas sold 100 / 140 / 180 sqm.
 */
const districtBenchmark: MarketBenchmark = {
  p25_sqm: 4000,
  median_sqm: 5000,
  p75_sqm: 6000,
  mean_sqm: 5200,
  area_p25_sqm: 100,
  area_median_sqm: 140,
  area_p75_sqm: 180,
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
  it('should match a median-priced, well-kept apartment of an ordinary size in a busy, rising district', () => {
    const result = scoreDecision({
      property: apartment({ bedrooms: 3, bathrooms: 2, floor: 3, age: 8, parking: true, furnished: false }),
      benchmark: districtBenchmark,
      hasCoordinates: false,
    });

    // price: 750000 / 150 = 5000 per sqm = the median → 65.
    // location: 120 deals → 10 + 10 × log10(120 / 40) / log10(150 / 40) = 18.31; trend 4% × 1.25 = 5 → 73.31 → 73.
    // size: 150 sqm between the median area 140 (75) and p75 180 (80): 75 + 5 × 10 / 40 = 76.25;
    //       3 bedrooms, 50 sqm each: +10 → 86.25 → 86.
    // details: 50 + floor 3 5 + age 8 10 + parking 10 = 75.
    // score: 0.4 × 65 + 0.2 × (73 + 86 + 75) = 72.8 → 73.
    expect(result).toMatchObject({
      score: 73,
      verdict: 'match',
      price_per_sqm: 5000,
      breakdown: {
        price: { score: 65, status: 'warn' },
        location: { score: 73, status: 'pass' },
        size: { score: 86, status: 'pass' },
        details: { score: 75, status: 'pass' },
      },
    });
    expect(codes(result, 'price')).toEqual(['price_below_median']);
    expect(codes(result, 'location')).toEqual(['demand_high', 'trend_rising']);
    expect(codes(result, 'size')).toEqual(['area_within_market_range', 'bedrooms_fit_area']);
    expect(codes(result, 'details')).toEqual(['mid_floor', 'recent_building', 'parking']);
    expect(result.factors.find((factor) => factor.code === 'area_within_market_range')?.values).toEqual({
      area: 150,
      area_p25_sqm: 100,
      area_median_sqm: 140,
      area_p75_sqm: 180,
      score: 76.3,
    });
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

  it('should fail an overpriced, outsized shop in a falling city-wide market and say why', () => {
    const result = scoreDecision({
      property: { type: 'commercial', price: 4_500_000, area: 750, floor: 0, age: 35, parking: false },
      benchmark: {
        p25_sqm: 3000,
        median_sqm: 4000,
        p75_sqm: 5000,
        mean_sqm: 4200,
        area_p25_sqm: 80,
        area_median_sqm: 150,
        area_p75_sqm: 250,
        year: 2024,
        transaction_count: 2000,
        yoy_pct: -10,
        scope: 'city',
      },
      hasCoordinates: true,
    });

    // price: 6000 per sqm, between p75 5000 (40) and 6250 (10): 40 − 30 × 1000 / 1250 = 16.
    // location: demand capped at 20 and trend −12.5, both halved for a city benchmark: 50 + 10 − 6.25 + 5 = 58.75 → 59.
    // size: 750 sqm = 3 × the p75 area 250 → 50 (an outsized shop has few buyers).
    // details: 50 + ground floor 15 − age 35 15 − no parking 10 = 40.
    // score: 0.4 × 16 + 0.2 × (59 + 50 + 40) = 36.2 → 36.
    expect(result).toMatchObject({
      score: 36,
      verdict: 'no_match',
      price_per_sqm: 6000,
      breakdown: {
        price: { score: 16, status: 'fail' },
        location: { score: 59, status: 'warn' },
        size: { score: 50, status: 'warn' },
        details: { score: 40, status: 'warn' },
      },
    });
    expect(codes(result, 'location')).toEqual(['demand_high', 'trend_falling', 'city_scope', 'coordinates_given']);
    expect(codes(result, 'size')).toEqual(['area_far_above_market_range']);
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

  it.each([
    [3, 40, 'demand_low'], // below the 5 a benchmark needs: flat at −10
    [5, 40, 'demand_low'], // −10
    [6, 42, 'demand_low'], // −10 + 10 × log10(6 / 5) / log10(3) = −8.34
    [10, 46, 'demand_moderate'], // −10 + 10 × log10(2) / log10(3) = −3.69
    [15, 50, 'demand_moderate'], // 0: an ordinary district (MoJ averages about 17 sales a year)
    [17, 51, 'demand_moderate'], // 10 × log10(17 / 15) / log10(40 / 15) = 1.28
    [40, 60, 'demand_high'], // +10
    [77, 65, 'demand_high'], // 10 + 10 × log10(77 / 40) / log10(150 / 40) = 14.95
    [150, 70, 'demand_high'], // +20
    [5000, 70, 'demand_high'], // flat beyond
  ])('should score %i district sales with no prior year %i on location (%s)', (count, expected, code) => {
    const result = scoreDecision({
      property: apartment(),
      benchmark: { ...districtBenchmark, transaction_count: count, yoy_pct: null },
      hasCoordinates: false,
    });
    expect(result.breakdown.location.score).toBe(expected);
    expect(codes(result, 'location')).toEqual([code, 'trend_unknown']);
  });

  it.each([
    [40, 20, 'area_below_market_range'], // below half the p25 area (50): flat at 20
    [50, 20, 'area_below_market_range'],
    [75, 40, 'area_below_market_range'], // halfway 50 → p25 100: (20 + 60) / 2
    [100, 60, 'area_within_market_range'], // p25
    [120, 68, 'area_within_market_range'], // 60 + 15 × 20 / 40 = 67.5 → 68
    [140, 75, 'area_within_market_range'], // median
    [160, 78, 'area_within_market_range'], // 75 + 5 × 20 / 40 = 77.5 → 78
    [180, 80, 'area_within_market_range'], // p75
    [360, 80, 'area_above_market_range'], // 2 × p75: still 80
    [450, 65, 'area_far_above_market_range'], // 80 − 30 × 90 / 180
    [540, 50, 'area_far_above_market_range'], // 3 × p75
    [4000, 50, 'area_far_above_market_range'], // flat beyond
  ])('should score an office of %i sqm %i on size (%s), at any price', (area, expected, code) => {
    for (const perSqm of [1000, 5000, 40_000]) {
      const result = scoreDecision({
        property: { type: 'office', price: perSqm * area, area },
        benchmark: districtBenchmark,
        hasCoordinates: false,
      });
      expect(result.breakdown.size.score).toBe(expected);
      expect(codes(result, 'size')).toEqual([code]);
    }
  });

  it('should no longer count the price twice: the issue 16 apartment in Al Olaya is of an ordinary size', () => {
    // The demo benchmark of Al Olaya apartments (2025, 10 sales), as the synthetic set gives it.
    const olaya: MarketBenchmark = {
      p25_sqm: 5774,
      median_sqm: 6199,
      p75_sqm: 6670,
      mean_sqm: 6270,
      area_p25_sqm: 88,
      area_median_sqm: 147,
      area_p75_sqm: 195,
      year: 2025,
      transaction_count: 10,
      yoy_pct: 7.8,
      scope: 'district',
    };
    const result = scoreDecision({
      property: { type: 'apartment', price: 1_200_000, area: 150, bedrooms: 3, floor: 4, age: 5, parking: true },
      benchmark: olaya,
      hasCoordinates: false,
    });
    // price: 8000 per sqm between p75 6670 (40) and 1.25 × p75 8337.5 (10): 40 − 30 × 1330 / 1667.5 = 16.07 → 16.
    // location: 10 sales → −3.69; trend 7.8% × 1.25 = 9.75 → 56.06 → 56.
    // size: 150 sqm between the median area 147 (75) and p75 195 (80): 75.31; 50 sqm a bedroom +10 → 85.
    //       (Before issue 16 it scored 31 and "fell short": 8000 / 6270 = 1.28 times the mean price per sqm.)
    // details: 50 + floor 4 5 + age 5 20 + parking 10 = 85.
    // score: 0.4 × 16 + 0.2 × (56 + 85 + 85) = 51.6 → 52 (was 41): the price, and only the price, holds it back.
    expect(result).toMatchObject({
      score: 52,
      verdict: 'partial',
      breakdown: {
        price: { score: 16, status: 'fail' },
        location: { score: 56, status: 'warn' },
        size: { score: 85, status: 'pass' },
        details: { score: 85, status: 'pass' },
      },
    });
    expect(codes(result, 'size')).toEqual(['area_within_market_range', 'bedrooms_fit_area']);
  });

  it('should cap the trend at 20% a year so one odd year cannot dominate', () => {
    const score = (yoy: number) =>
      scoreDecision({ property: apartment(), benchmark: { ...districtBenchmark, yoy_pct: yoy }, hasCoordinates: false })
        .breakdown.location.score;
    // 50 + 18.31 + 1.25 × 20 = 93.31 → 93, the same at 20% and 80%.
    expect(score(20)).toBe(93);
    expect(score(80)).toBe(93);
    // 50 + 18.31 − 25 = 43.31 → 43.
    expect(score(-60)).toBe(43);
  });

  it('should take 20 points off size when the area is unusual for the type', () => {
    const result = scoreDecision({
      property: apartment({ price: 100_000, area: 20 }),
      benchmark: districtBenchmark,
      hasCoordinates: false,
    });
    // 20 sqm: below half the p25 area → 20 on the area curve; −20 for a 20 sqm apartment (usual 40-400) → 0.
    expect(result.breakdown.size.score).toBe(0);
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

  it('should fail the details of an old basement flat with no parking, and count its cramped rooms on size', () => {
    const result = scoreDecision({
      property: apartment({ area: 100, bedrooms: 5, bathrooms: 1, floor: -1, age: 40, parking: false }),
      benchmark: districtBenchmark,
      hasCoordinates: false,
    });
    // details: 50 − 5 (1 bathroom for 5 bedrooms) − 10 (basement) − 15 (40 years) − 10 (no parking) = 10.
    expect(result.breakdown.details).toEqual({ score: 10, status: 'fail' });
    expect(codes(result, 'details')).toEqual(['few_bathrooms', 'basement', 'old_building', 'no_parking']);
    // size: 100 sqm = the p25 area → 60; 20 sqm per bedroom is cramped → −10 = 50.
    expect(result.breakdown.size).toEqual({ score: 50, status: 'warn' });
    expect(codes(result, 'size')).toEqual(['area_within_market_range', 'bedrooms_cramped']);
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
    // details: 50 + 20 (2 years) + 10 (parking) + 5 (furnished) = 85; the floor is ignored.
    expect(result.breakdown.details.score).toBe(85);
    expect(codes(result, 'details')).toEqual(['new_building', 'parking', 'furnished']);
    // size: 400 sqm, beyond twice the p75 area 180: 80 − 30 × 40 / 180 = 73.33; 80 sqm a bedroom +10 → 83.
    expect(result.breakdown.size.score).toBe(83);
    expect(codes(result, 'size')).toEqual(['area_far_above_market_range', 'bedrooms_fit_area']);
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
