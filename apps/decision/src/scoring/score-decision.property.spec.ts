import fc from 'fast-check';
import type { DecisionPropertyInput } from '@app/contracts';
import { PROPERTY_TYPES, SCORE_BUCKETS } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import { FACTOR_CODES } from './factor-codes';
import { scoreDecision } from './score-decision';
import { SCORE_WEIGHTS } from '@app/contracts';
import { statusOf, verdictOf } from './scoring-formula';
import type { ScoringInput } from './scoring.types';

/** Prices and areas across the validated ranges, from a parking space to a sprawling farm. */
const price = fc.double({ min: 1_000, max: 1e9, noNaN: true });
const area = fc.double({ min: 1, max: 200_000, noNaN: true });
const perSqm = fc.double({ min: 100, max: 100_000, noNaN: true });
const soldArea = fc.double({ min: 10, max: 100_000, noNaN: true });

const benchmarkFields = {
  year: fc.integer({ min: 2015, max: 2026 }),
  transaction_count: fc.integer({ min: 0, max: 50_000 }),
  yoy_pct: fc.option(fc.double({ min: -80, max: 300, noNaN: true }), { nil: null }),
  scope: fc.constantFrom('district' as const, 'city' as const),
};

/** A market as data gives it: p25 ≤ median ≤ p75 for prices and areas, the mean near the median (or none). */
const marketBenchmark: fc.Arbitrary<MarketBenchmark> = fc
  .record({
    median: perSqm,
    p25: fc.double({ min: 0.4, max: 1, noNaN: true }),
    p75: fc.double({ min: 1, max: 2.5, noNaN: true }),
    mean: fc.option(fc.double({ min: 0.7, max: 1.5, noNaN: true }), { nil: null, freq: 5 }),
    areaMedian: soldArea,
    areaP25: fc.double({ min: 0.3, max: 1, noNaN: true }),
    areaP75: fc.double({ min: 1, max: 3, noNaN: true }),
    rest: fc.record(benchmarkFields),
  })
  .map(({ median, p25, p75, mean, areaMedian, areaP25, areaP75, rest }) => ({
    ...rest,
    median_sqm: median,
    p25_sqm: median * p25,
    p75_sqm: median * p75,
    mean_sqm: mean === null ? null : median * mean,
    area_p25_sqm: areaMedian * areaP25,
    area_median_sqm: areaMedian,
    area_p75_sqm: areaMedian * areaP75,
  }));

/** Quartiles drawn independently: the score must stay sane even on a benchmark whose p25 exceeds its median. */
const scrambledBenchmark: fc.Arbitrary<MarketBenchmark> = fc.record({
  p25_sqm: perSqm,
  median_sqm: perSqm,
  p75_sqm: perSqm,
  mean_sqm: fc.option(perSqm, { nil: null }),
  area_p25_sqm: fc.oneof(soldArea, fc.constant(0)),
  area_median_sqm: soldArea,
  area_p75_sqm: soldArea,
  ...benchmarkFields,
});

const benchmark = fc.oneof(marketBenchmark, scrambledBenchmark);

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const property: fc.Arbitrary<DecisionPropertyInput> = fc.record({
  type: fc.constantFrom(...PROPERTY_TYPES),
  price,
  area,
  bedrooms: optional(fc.integer({ min: 0, max: 50 })),
  bathrooms: optional(fc.integer({ min: 0, max: 50 })),
  floor: optional(fc.integer({ min: -5, max: 200 })),
  age: optional(fc.double({ min: 0, max: 300, noNaN: true })),
  parking: optional(fc.boolean()),
  furnished: optional(fc.boolean()),
});

const input: fc.Arbitrary<ScoringInput> = fc.record({
  property,
  benchmark: fc.option(benchmark, { nil: null }),
  hasCoordinates: fc.boolean(),
});

const isScore = (value: number) => Number.isInteger(value) && value >= 0 && value <= 100;

describe('scoreDecision properties', () => {
  it('should always give integer scores from 0 to 100, overall and per bucket', () => {
    fc.assert(
      fc.property(input, (scoring) => {
        const result = scoreDecision(scoring);
        expect(isScore(result.score)).toBe(true);
        for (const bucket of SCORE_BUCKETS) expect(isScore(result.breakdown[bucket].score)).toBe(true);
        expect(Number.isInteger(result.price_per_sqm)).toBe(true);
      }),
    );
  });

  it('should give the verdict of the score and each bucket the status of its own score', () => {
    fc.assert(
      fc.property(input, (scoring) => {
        const result = scoreDecision(scoring);
        expect(result.verdict).toBe(verdictOf(result.score));
        for (const bucket of SCORE_BUCKETS) {
          expect(result.breakdown[bucket].status).toBe(statusOf(result.breakdown[bucket].score));
        }
      }),
    );
  });

  it('should give a score a client can recompute from the breakdown with the published weights', () => {
    fc.assert(
      fc.property(input, (scoring) => {
        const { score, breakdown } = scoreDecision(scoring);
        const weighted = SCORE_BUCKETS.reduce(
          (sum, bucket) => sum + SCORE_WEIGHTS[bucket] * breakdown[bucket].score,
          0,
        );
        expect(score).toBe(Math.round(weighted / 100));
      }),
    );
  });

  it('should never score a higher price better on price, on size or overall, all else equal', () => {
    // A ladder of prices, drawn both anywhere and near the market (0.3 to 2.5 times the median) where the curves bend.
    const marketRatio = fc.double({ min: 0.3, max: 2.5, noNaN: true });
    const ladder = fc.array(fc.oneof(price, marketRatio), { minLength: 2, maxLength: 30 });
    fc.assert(
      fc.property(input, ladder, (scoring, drawn) => {
        const nearMarket = (scoring.benchmark?.median_sqm ?? 5000) * scoring.property.area;
        const results = drawn
          .map((value) => (value < 1_000 ? value * nearMarket : value))
          .sort((a, b) => a - b)
          .map((askingPrice) => scoreDecision({ ...scoring, property: { ...scoring.property, price: askingPrice } }));
        results.slice(1).forEach((dearer, index) => {
          const cheaper = results[index];
          expect(dearer.breakdown.price.score).toBeLessThanOrEqual(cheaper.breakdown.price.score);
          expect(dearer.breakdown.size.score).toBeLessThanOrEqual(cheaper.breakdown.size.score);
          expect(dearer.score).toBeLessThanOrEqual(cheaper.score);
        });
      }),
    );
  });

  it('should move only price and size with the price: location and details, and their factors, stay put', () => {
    fc.assert(
      fc.property(input, price, price, (scoring, first, second) => {
        const at = (askingPrice: number) =>
          scoreDecision({ ...scoring, property: { ...scoring.property, price: askingPrice } });
        const [one, other] = [at(first), at(second)];
        expect([other.breakdown.location, other.breakdown.details]).toEqual([
          one.breakdown.location,
          one.breakdown.details,
        ]);
        const unpriced = (result: ReturnType<typeof at>) =>
          result.factors.filter((f) => f.bucket === 'location' || f.bucket === 'details');
        expect(unpriced(other)).toEqual(unpriced(one));
      }),
    );
  });

  it('should score size on the price per sqm alone: the same price per sqm at any area, the same size', () => {
    fc.assert(
      fc.property(input, perSqm, area, area, (scoring, pricePerSqm, first, second) => {
        const at = (sqm: number) =>
          scoreDecision({ ...scoring, property: { ...scoring.property, area: sqm, price: pricePerSqm * sqm } });
        expect(at(second).breakdown.size).toEqual(at(first).breakdown.size);
      }),
    );
  });

  it('should compare with the median where the benchmark has no mean, and say so', () => {
    fc.assert(
      fc.property(input, benchmark, (scoring, market) => {
        const withoutMean = scoreDecision({ ...scoring, benchmark: { ...market, mean_sqm: null } });
        const meanIsMedian = scoreDecision({ ...scoring, benchmark: { ...market, mean_sqm: market.median_sqm } });
        expect(withoutMean.breakdown.size).toEqual(meanIsMedian.breakdown.size);
        const sizeCodes = withoutMean.factors.filter((f) => f.bucket === 'size').map((f) => f.code);
        expect(sizeCodes).toContain('average_from_median');
      }),
    );
  });

  it('should make details 50 plus the points its factors carry, clamped: a client can recompute it', () => {
    fc.assert(
      fc.property(input, (scoring) => {
        const { breakdown, factors } = scoreDecision(scoring);
        const points = factors
          .filter((factor) => factor.bucket === 'details')
          .reduce((sum, factor) => sum + Number(factor.values.points ?? 0), 0);
        expect(breakdown.details.score).toBe(Math.round(Math.min(100, Math.max(0, 50 + points))));
      }),
    );
  });

  it('should ignore bedrooms, bathrooms, floor, age and furnished for land', () => {
    const buildingFields = fc.record({
      bedrooms: optional(fc.integer({ min: 0, max: 50 })),
      bathrooms: optional(fc.integer({ min: 0, max: 50 })),
      floor: optional(fc.integer({ min: -5, max: 200 })),
      age: optional(fc.double({ min: 0, max: 300, noNaN: true })),
      furnished: optional(fc.boolean()),
    });
    fc.assert(
      fc.property(input, buildingFields, (scoring, fields) => {
        const land = { ...scoring, property: { ...scoring.property, type: 'land' as const } };
        const withFields = { ...land, property: { ...land.property, ...fields } };
        const plain = scoreDecision(land);
        const varied = scoreDecision(withFields);
        expect([varied.score, varied.verdict, varied.breakdown]).toEqual([plain.score, plain.verdict, plain.breakdown]);
      }),
    );
  });

  it('should score price, location and size a neutral 50, each with a no_benchmark factor, without a benchmark', () => {
    fc.assert(
      fc.property(input, (scoring) => {
        const { breakdown, factors } = scoreDecision({ ...scoring, benchmark: null });
        expect([breakdown.price.score, breakdown.location.score, breakdown.size.score]).toEqual([50, 50, 50]);
        for (const bucket of ['price', 'location', 'size'] as const) {
          expect(factors.filter((factor) => factor.bucket === bucket)).toEqual([
            { code: 'no_benchmark', bucket, effect: 'neutral', values: {} },
          ]);
        }
        // details still counts what needs no benchmark; its area, which does, is not compared and says so.
        expect(factors.filter((factor) => factor.code === 'no_benchmark').map((factor) => factor.bucket)).not.toContain(
          'details',
        );
        expect(factors).toContainEqual(expect.objectContaining({ code: 'area_not_compared', bucket: 'details' }));
      }),
    );
  });

  it('should only emit documented factor codes, each on a real bucket', () => {
    fc.assert(
      fc.property(input, (scoring) => {
        for (const factor of scoreDecision(scoring).factors) {
          expect(Object.keys(FACTOR_CODES)).toContain(factor.code);
          expect(SCORE_BUCKETS).toContain(factor.bucket);
        }
      }),
    );
  });

  it('should give the same result for the same input', () => {
    fc.assert(fc.property(input, (scoring) => expect(scoreDecision(scoring)).toEqual(scoreDecision(scoring))));
  });
});
