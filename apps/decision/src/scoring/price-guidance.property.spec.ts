import fc from 'fast-check';
import type { DecisionPropertyInput } from '@app/contracts';
import { PROPERTY_TYPES } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import { priceGuidance } from './price-guidance';
import { scoreDecision } from './score-decision';
import type { ScoringInput } from './scoring.types';

const perSqm = fc.double({ min: 100, max: 100_000, noNaN: true });
const soldArea = fc.double({ min: 10, max: 100_000, noNaN: true });

/** A market as data gives it (ordered quartiles, the mean near the median or none), or quartiles out of order. */
const benchmark: fc.Arbitrary<MarketBenchmark> = fc.oneof(
  fc
    .record({
      median: perSqm,
      p25: fc.double({ min: 0.4, max: 1, noNaN: true }),
      p75: fc.double({ min: 1, max: 2.5, noNaN: true }),
      mean: fc.option(fc.double({ min: 0.7, max: 1.5, noNaN: true }), { nil: null, freq: 5 }),
      areaMedian: soldArea,
      transactions: fc.integer({ min: 0, max: 50_000 }),
      yoy: fc.option(fc.double({ min: -80, max: 300, noNaN: true }), { nil: null }),
      scope: fc.constantFrom('district' as const, 'city' as const),
    })
    .map(({ median, p25, p75, mean, areaMedian, transactions, yoy, scope }) => ({
      median_sqm: median,
      p25_sqm: median * p25,
      p75_sqm: median * p75,
      mean_sqm: mean === null ? null : median * mean,
      area_p25_sqm: areaMedian * 0.7,
      area_median_sqm: areaMedian,
      area_p75_sqm: areaMedian * 1.4,
      year: 2025,
      transaction_count: transactions,
      yoy_pct: yoy,
      scope,
    })),
  fc.record({
    p25_sqm: perSqm,
    median_sqm: perSqm,
    p75_sqm: perSqm,
    mean_sqm: fc.option(perSqm, { nil: null }),
    area_p25_sqm: soldArea,
    area_median_sqm: soldArea,
    area_p75_sqm: soldArea,
    year: fc.constant(2025),
    transaction_count: fc.integer({ min: 0, max: 50_000 }),
    yoy_pct: fc.option(fc.double({ min: -80, max: 300, noNaN: true }), { nil: null }),
    scope: fc.constantFrom('district' as const, 'city' as const),
  }),
);

const property: fc.Arbitrary<DecisionPropertyInput> = fc.record(
  {
    type: fc.constantFrom(...PROPERTY_TYPES),
    price: fc.double({ min: 1_000, max: 1e9, noNaN: true }),
    area: fc.double({ min: 1, max: 200_000, noNaN: true }),
    bedrooms: fc.integer({ min: 0, max: 12 }),
    bathrooms: fc.integer({ min: 0, max: 12 }),
    floor: fc.integer({ min: -2, max: 60 }),
    age: fc.integer({ min: 0, max: 80 }),
    parking: fc.boolean(),
    furnished: fc.boolean(),
  },
  { requiredKeys: ['type', 'price', 'area'] },
);

const scoringInput: fc.Arbitrary<ScoringInput> = fc.record({
  property,
  benchmark: fc.option(benchmark, { nil: null, freq: 6 }),
  hasCoordinates: fc.boolean(),
});

const verdictAt = (input: ScoringInput, price: number) =>
  scoreDecision({ ...input, property: { ...input.property, price } }).verdict;

const RUNS = { numRuns: 400 };

describe('priceGuidance (property tests)', () => {
  it('should score match at price_to_match_sar and not one riyal more, when a price reaches a match', () => {
    fc.assert(
      fc.property(scoringInput, (input) => {
        const { price_to_match_sar: price } = priceGuidance(input);
        if (price === null) return;
        expect(Number.isInteger(price)).toBe(true);
        expect(verdictAt(input, price)).toBe('match');
        expect(verdictAt(input, price + 1)).not.toBe('match');
      }),
      RUNS,
    );
  });

  it('should score at least partial at price_to_partial_sar and no_match one riyal more, when it is a number', () => {
    fc.assert(
      fc.property(scoringInput, (input) => {
        const { price_to_partial_sar: price } = priceGuidance(input);
        if (price === null) return;
        expect(Number.isInteger(price)).toBe(true);
        expect(verdictAt(input, price)).not.toBe('no_match');
        expect(verdictAt(input, price + 1)).toBe('no_match');
      }),
      RUNS,
    );
  });

  it('should name what holds a match back exactly when no price, down to one riyal, reaches it', () => {
    fc.assert(
      fc.property(scoringInput, (input) => {
        const guidance = priceGuidance(input);
        expect(guidance.limited_by === null).toBe(guidance.price_to_match_sar !== null);
        if (guidance.limited_by === null) return;
        for (const price of [1, 1_000, input.property.price, 1e12]) expect(verdictAt(input, price)).not.toBe('match');
        expect(guidance.limited_by === 'no_benchmark').toBe(guidance.fair_range_sar === null);
      }),
      RUNS,
    );
  });

  it('should say partial_at_any_price only when even a price far above the market is at least partial', () => {
    fc.assert(
      fc.property(scoringInput, (input) => {
        const guidance = priceGuidance(input);
        if (guidance.partial_at_any_price) {
          expect(guidance.price_to_partial_sar).toBeNull();
          expect(verdictAt(input, 1e13)).not.toBe('no_match');
        } else if (guidance.price_to_partial_sar === null) {
          expect(verdictAt(input, 1)).toBe('no_match');
        }
      }),
      RUNS,
    );
  });

  it('should agree with the verdict at the asking price, and never price a match above a partial', () => {
    fc.assert(
      fc.property(scoringInput, (input) => {
        const guidance = priceGuidance(input);
        const verdict = scoreDecision(input).verdict;
        const toMatch = guidance.price_to_match_sar;
        expect(verdict === 'match').toBe(toMatch !== null && input.property.price <= toMatch);
        if (toMatch !== null && guidance.price_to_partial_sar !== null) {
          expect(guidance.price_to_partial_sar).toBeGreaterThanOrEqual(toMatch);
        }
      }),
      RUNS,
    );
  });

  it('should not depend on the asking price: everything else unchanged, the guidance is the same', () => {
    fc.assert(
      fc.property(scoringInput, fc.double({ min: 1, max: 1e10, noNaN: true }), (input, otherPrice) => {
        const elsewhere = { ...input, property: { ...input.property, price: otherPrice } };
        expect(priceGuidance(elsewhere)).toEqual(priceGuidance(input));
      }),
      RUNS,
    );
  });

  it("should give the benchmark's p25 to p75 per sqm times the area as the fair range, null without one", () => {
    fc.assert(
      fc.property(scoringInput, (input) => {
        const { fair_range_sar: range } = priceGuidance(input);
        if (!input.benchmark) return expect(range).toBeNull();
        expect(range).toEqual({
          min: Math.round(input.benchmark.p25_sqm * input.property.area),
          max: Math.round(input.benchmark.p75_sqm * input.property.area),
        });
      }),
      RUNS,
    );
  });
});
