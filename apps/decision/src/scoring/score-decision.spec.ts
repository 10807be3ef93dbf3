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
    // size: 5000 / the mean 5200 = 0.9615, between 0.85 (85) and 1.0 (65): 65 + 20 × 0.0385 / 0.15 = 70.13 → 70.
    // details: 50 + area 150 sqm between the median area 140 (+5) and a75 180 (+10): 6.25 → 6.3
    //          + 3 bedrooms, 50 sqm each 10 + floor 3 5 + age 8 10 + parking 10 = 91.3 → 91.
    // score: 0.3 × 65 + 0.25 × 73 + 0.15 × 70 + 0.3 × 91 = 75.55 → 76.
    expect(result).toMatchObject({
      score: 76,
      verdict: 'match',
      price_per_sqm: 5000,
      breakdown: {
        price: { score: 65, status: 'warn' },
        location: { score: 73, status: 'pass' },
        size: { score: 70, status: 'pass' },
        details: { score: 91, status: 'pass' },
      },
    });
    expect(codes(result, 'price')).toEqual(['price_below_median']);
    expect(codes(result, 'location')).toEqual(['demand_high', 'trend_rising']);
    expect(codes(result, 'size')).toEqual(['sqm_price_near_average']);
    expect(codes(result, 'details')).toEqual([
      'area_within_market_range',
      'bedrooms_fit_area',
      'mid_floor',
      'recent_building',
      'parking',
    ]);
    expect(result.factors.find((factor) => factor.code === 'sqm_price_near_average')?.values).toEqual({
      price_per_sqm: 5000,
      average_sqm: 5200,
      average: 'mean',
      vs_average_pct: -3.8,
      score: 70,
    });
    expect(result.factors.find((factor) => factor.code === 'area_within_market_range')?.values).toEqual({
      area: 150,
      area_p25_sqm: 100,
      area_median_sqm: 140,
      area_p75_sqm: 180,
      points: 6.3,
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

  it.each([
    [3000, 100, 'sqm_price_below_average'], // 0.58 × the mean 5200: flat at 100 below 0.7
    [3640, 100, 'sqm_price_below_average'], // 0.7
    [4420, 85, 'sqm_price_below_average'], // 0.85
    [5200, 65, 'sqm_price_near_average'], // the mean
    [5400, 60, 'sqm_price_near_average'], // 1.0385: 65 − 25 × 0.0385 / 0.2 = 60.2 → 60
    [5980, 46, 'sqm_price_above_average'], // 1.15: 65 − 25 × 0.15 / 0.2 = 46.25 → 46
    [6240, 40, 'sqm_price_above_average'], // 1.2
    [7280, 15, 'sqm_price_above_average'], // 1.4
    [8320, 0, 'sqm_price_above_average'], // 1.6 and beyond
    [20000, 0, 'sqm_price_above_average'],
  ])(
    'should score a price of %i SAR per sqm %i on size against the mean of 5200 (%s), at any area',
    (perSqm, expected, code) => {
      for (const area of [60, 150, 900]) {
        const result = scoreDecision({
          property: { type: 'office', price: perSqm * area, area },
          benchmark: districtBenchmark,
          hasCoordinates: false,
        });
        expect(result.breakdown.size.score).toBe(expected);
        expect(codes(result, 'size')).toEqual([code]);
      }
    },
  );

  it('should compare with the median and say so when the benchmark has no mean', () => {
    const result = scoreDecision({
      property: apartment({ price: 4250 * 150 }),
      benchmark: { ...districtBenchmark, mean_sqm: null },
      hasCoordinates: false,
    });
    // 4250 / the median 5000 = 0.85 → 85.
    expect(result.breakdown.size).toEqual({ score: 85, status: 'pass' });
    expect(result.factors.filter((factor) => factor.bucket === 'size')).toEqual([
      {
        code: 'sqm_price_below_average',
        bucket: 'size',
        effect: 'positive',
        values: { price_per_sqm: 4250, average_sqm: 5000, average: 'median', vs_average_pct: -15, score: 85 },
      },
      { code: 'average_from_median', bucket: 'size', effect: 'neutral', values: { median_sqm: 5000 } },
    ]);
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
    // size: 6000 / the mean 4200 = 1.4286, between 1.4 (15) and 1.6 (0): 15 − 15 × 0.0286 / 0.2 = 12.86 → 13.
    // details: 50 − area 750 sqm = 3 × the a75 250 (10: an outsized shop has few buyers) + ground floor 15
    //          − age 35 15 − no parking 10 = 30.
    // score: 0.3 × 16 + 0.25 × 59 + 0.15 × 13 + 0.3 × 30 = 30.5 → 31.
    expect(result).toMatchObject({
      score: 31,
      verdict: 'no_match',
      price_per_sqm: 6000,
      breakdown: {
        price: { score: 16, status: 'fail' },
        location: { score: 59, status: 'warn' },
        size: { score: 13, status: 'fail' },
        details: { score: 30, status: 'fail' },
      },
    });
    expect(codes(result, 'location')).toEqual(['demand_high', 'trend_falling', 'city_scope', 'coordinates_given']);
    expect(codes(result, 'size')).toEqual(['sqm_price_above_average']);
    expect(result.factors.filter((factor) => factor.bucket === 'details')).toEqual([
      {
        code: 'area_far_above_market_range',
        bucket: 'details',
        effect: 'negative',
        values: { area: 750, area_p25_sqm: 80, area_median_sqm: 150, area_p75_sqm: 250, points: -10 },
      },
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
      'details:area_not_compared',
    ]);
  });

  it('should treat a benchmark with a zero median as no benchmark rather than divide by it', () => {
    const result = scoreDecision({
      property: apartment(),
      benchmark: { ...districtBenchmark, median_sqm: 0 },
      hasCoordinates: false,
    });
    expect(result.breakdown.price.score).toBe(50);
    expect(result.breakdown.size.score).toBe(50);
    expect(codes(result, 'price')).toEqual(['no_benchmark']);
    expect(codes(result, 'size')).toEqual(['no_benchmark']);
  });

  it('should still score price and size, and leave the area uncompared, when the benchmark has no area figures', () => {
    const result = scoreDecision({
      property: apartment(),
      benchmark: { ...districtBenchmark, area_p25_sqm: 0, area_median_sqm: 0, area_p75_sqm: 0 },
      hasCoordinates: false,
    });
    expect([result.breakdown.price.score, result.breakdown.size.score]).toEqual([65, 70]);
    expect(result.factors.filter((factor) => factor.bucket === 'details')).toEqual([
      { code: 'area_not_compared', bucket: 'details', effect: 'neutral', values: { area: 150, points: 0 } },
    ]);
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
    [40, 30, 'area_below_market_range'], // below half the a25 area (50): flat at −20
    [50, 30, 'area_below_market_range'],
    [75, 40, 'area_below_market_range'], // halfway 50 → a25 100: −10
    [100, 50, 'area_within_market_range'], // a25: 0
    [120, 53, 'area_within_market_range'], // 5 × 20 / 40 = 2.5 → 52.5 → 53
    [140, 55, 'area_within_market_range'], // median: +5
    [160, 58, 'area_within_market_range'], // 5 + 5 × 20 / 40 = 7.5 → 57.5 → 58
    [180, 60, 'area_within_market_range'], // a75: +10
    [360, 60, 'area_above_market_range'], // 2 × a75: still +10
    [450, 50, 'area_far_above_market_range'], // 10 − 20 × 90 / 180 = 0
    [540, 40, 'area_far_above_market_range'], // 3 × a75: −10
    [4000, 40, 'area_far_above_market_range'], // flat beyond
  ])('should score an office of %i sqm %i on details (%s), at any price', (area, expected, code) => {
    for (const perSqm of [1000, 5000, 40_000]) {
      const result = scoreDecision({
        property: { type: 'office', price: perSqm * area, area },
        benchmark: districtBenchmark,
        hasCoordinates: false,
      });
      expect(result.breakdown.details.score).toBe(expected);
      expect(codes(result, 'details')).toEqual([code]);
    }
  });

  it('should score the Al Olaya apartment of issue 16 on price and on the price per sqm against the mean', () => {
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
    // size (spec 2.2): 8000 / the mean 6270 = 1.2759, between 1.2 (40) and 1.4 (15): 40 − 25 × 0.0759 / 0.2 = 30.5 → 31.
    // details: 50 + area 150 sqm between the median area 147 (+5) and a75 195 (+10): 5.3 + 50 sqm a bedroom 10
    //          + floor 4 5 + age 5 20 + parking 10 = 100.3 → 100: an ordinary size, well kept.
    // score: 0.3 × 16 + 0.25 × 56 + 0.15 × 31 + 0.3 × 100 = 53.45 → 53. Price and size, both the price per sqm,
    // carry 45 of it: the old weights (40/20/20/20) would have given 44, the price counted at 60 %.
    expect(result).toMatchObject({
      score: 53,
      verdict: 'partial',
      breakdown: {
        price: { score: 16, status: 'fail' },
        location: { score: 56, status: 'warn' },
        size: { score: 31, status: 'fail' },
        details: { score: 100, status: 'pass' },
      },
    });
    expect(codes(result, 'size')).toEqual(['sqm_price_above_average']);
    expect(codes(result, 'details')).toEqual([
      'area_within_market_range',
      'bedrooms_fit_area',
      'mid_floor',
      'new_building',
      'parking',
    ]);
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

  it('should take 20 points off details when the area is unusual for the type, and leave size to the price', () => {
    const result = scoreDecision({
      property: apartment({ price: 100_000, area: 20 }),
      benchmark: districtBenchmark,
      hasCoordinates: false,
    });
    // 20 sqm: below half the a25 area → −20; −20 for a 20 sqm apartment (usual 40-400) → 10.
    expect(result.breakdown.details.score).toBe(10);
    expect(result.factors).toContainEqual({
      code: 'area_unusual_for_type',
      bucket: 'details',
      effect: 'negative',
      values: { area: 20, min_area: 40, max_area: 400, points: -20 },
    });
    // size: 5000 per sqm against the mean 5200, whatever the area.
    expect(result.breakdown.size.score).toBe(70);
  });

  it('should count only the area in details when an apartment gives no optional fields', () => {
    const result = scoreDecision({ property: apartment(), benchmark: districtBenchmark, hasCoordinates: false });
    // 150 sqm between the median area 140 (+5) and a75 180 (+10): 6.3 → 56.3 → 56.
    expect(result.breakdown.details).toEqual({ score: 56, status: 'warn' });
    expect(codes(result, 'details')).toEqual(['area_within_market_range']);
  });

  it('should fail the details of an old, crowded basement flat with no parking', () => {
    const result = scoreDecision({
      property: apartment({ area: 100, bedrooms: 5, bathrooms: 1, floor: -1, age: 40, parking: false }),
      benchmark: districtBenchmark,
      hasCoordinates: false,
    });
    // details: 50 + 0 (100 sqm = the a25 area) − 10 (20 sqm a bedroom: cramped) − 5 (1 bathroom for 5 bedrooms)
    //          − 10 (basement) − 15 (40 years) − 10 (no parking) = 0.
    expect(result.breakdown.details).toEqual({ score: 0, status: 'fail' });
    expect(codes(result, 'details')).toEqual([
      'area_within_market_range',
      'bedrooms_cramped',
      'few_bathrooms',
      'basement',
      'old_building',
      'no_parking',
    ]);
    expect(result.factors.find((factor) => factor.code === 'bedrooms_cramped')).toEqual({
      code: 'bedrooms_cramped',
      bucket: 'details',
      effect: 'negative',
      values: { bedrooms: 5, area: 100, sqm_per_bedroom: 20, points: -10 },
    });
  });

  it('should rate a ground-floor flat below a mid-floor one, and a very high one the same as the ground', () => {
    const details = (floor: number) =>
      scoreDecision({ property: apartment({ floor }), benchmark: districtBenchmark, hasCoordinates: false }).breakdown
        .details.score;
    // 56.3 for the area (above), + 5 on floors 1-24.
    expect(details(0)).toBe(56);
    expect(details(10)).toBe(61);
    expect(details(30)).toBe(56);
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
    // details: 50 + area 400 sqm, beyond twice the a75 area 180: 10 − 20 × 40 / 180 = 5.6; 80 sqm a bedroom 10;
    //          20 (2 years) + 10 (parking) + 5 (furnished) = 100.6 → 100; the floor is ignored.
    expect(result.breakdown.details.score).toBe(100);
    expect(codes(result, 'details')).toEqual([
      'area_far_above_market_range',
      'bedrooms_fit_area',
      'new_building',
      'parking',
      'furnished',
    ]);
    // size: 2,000,000 / 400 = 5000 per sqm against the mean 5200 → 70.
    expect(result.breakdown.size.score).toBe(70);
  });

  it('should put a shop above the ground floor below one on it', () => {
    const details = (floor: number) =>
      scoreDecision({
        property: { type: 'commercial', price: 1_000_000, area: 200, floor },
        benchmark: districtBenchmark,
        hasCoordinates: false,
      }).breakdown.details.score;
    // 200 sqm, above the a75 area 180: +10, then the floor.
    expect(details(0)).toBe(75);
    expect(details(2)).toBe(50);
    expect(details(-1)).toBe(45);
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

  it('should publish a summary whose weights are the ones used, price and size together never the majority', () => {
    expect(Object.values(SCORE_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
    expect(SCORE_WEIGHTS.price + SCORE_WEIGHTS.size).toBeLessThan(50);
    expect(SCORING_FORMULA_SUMMARY).toContain(
      `${SCORE_WEIGHTS.price / 100} × price + ${SCORE_WEIGHTS.location / 100} × location + ${SCORE_WEIGHTS.size / 100} × size + ${SCORE_WEIGHTS.details / 100} × details`,
    );
    expect(SCORING_FORMULA_SUMMARY).toContain(`together they carry ${SCORE_WEIGHTS.price + SCORE_WEIGHTS.size} %`);
    expect(Object.keys(FACTOR_CODES)).toContain('no_benchmark');
  });
});
