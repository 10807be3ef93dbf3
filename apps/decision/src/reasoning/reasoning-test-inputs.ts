import type { DecisionLocation, SubScoreStatus } from '@app/contracts';
import type { MarketBenchmark } from '../benchmarks/market-benchmark';
import type { ComparableSales } from '../comparables/comparable-sales';
import { scoreDecision } from '../scoring/score-decision';
import type { ScoringFactor, ScoringResult } from '../scoring/scoring.types';
import type { ReasoningInput } from './reasoning.provider';

/** Test inputs for the reasoning specs: a Riyadh apartment, varied per test with overrides. */
export const OLAYA_RIYADH: DecisionLocation = {
  city_id: 3,
  city_name_en: 'Riyadh',
  city_name_ar: 'الرياض',
  district_id: 10100003075,
  district_name_en: 'Al Olaya',
  district_name_ar: 'حي العليا',
};

export const OLAYA_APARTMENTS_2024: MarketBenchmark = {
  median_sqm: 5000,
  p25_sqm: 4300,
  p75_sqm: 5800,
  mean_sqm: 5100,
  area_p25_sqm: 110,
  area_median_sqm: 145,
  area_p75_sqm: 185,
  year: 2024,
  transaction_count: 120,
  yoy_pct: 6.2,
  scope: 'district',
};

const statusOf = (score: number): SubScoreStatus => (score >= 70 ? 'pass' : score >= 40 ? 'warn' : 'fail');

/** A scoring result with consistent statuses and verdict, from the four sub-scores. */
export function scoringOf(
  scores: { price: number; location: number; size: number; details: number },
  pricePerSqm: number,
  factors: ScoringFactor[] = [],
): ScoringResult {
  const score = Math.round((scores.price + scores.location + scores.size + scores.details) / 4);
  return {
    score,
    verdict: score >= 70 ? 'match' : score >= 40 ? 'partial' : 'no_match',
    price_per_sqm: pricePerSqm,
    breakdown: {
      price: { score: scores.price, status: statusOf(scores.price) },
      location: { score: scores.location, status: statusOf(scores.location) },
      size: { score: scores.size, status: statusOf(scores.size) },
      details: { score: scores.details, status: statusOf(scores.details) },
    },
    factors,
  };
}

/** The input with the factors the real scoring gives its property and benchmark (the sub-scores kept as set). */
export function withFactors(input: ReasoningInput): ReasoningInput {
  const { factors } = scoreDecision({ property: input.property, benchmark: input.benchmark, hasCoordinates: false });
  return { ...input, scoring: { ...input.scoring, factors } };
}

/** 150 sqm, 3 bedrooms, SAR 630,000 (4,200 per sqm: below p25) in Al Olaya, 4 years old, with parking. */
export function wellPricedApartment(overrides: Partial<ReasoningInput> = {}): ReasoningInput {
  return withFactors({
    property: { type: 'apartment', price: 630_000, area: 150, bedrooms: 3, bathrooms: 2, age: 4, parking: true },
    location: OLAYA_RIYADH,
    scoring: scoringOf({ price: 88, location: 80, size: 55, details: 30 }, 4200),
    benchmark: OLAYA_APARTMENTS_2024,
    ...overrides,
  });
}

/** Three recorded sales of comparable apartments in Al Olaya, newest first. */
export const OLAYA_COMPARABLES: ComparableSales = {
  scope: 'district',
  sales: [
    {
      date: '2024-11-20',
      area_sqm: 140,
      price_sar: 602_000,
      price_per_sqm: 4300,
      source: 'moj',
      district_id: 10100003075,
    },
    {
      date: '2024-09-02',
      area_sqm: 165,
      price_sar: 759_000,
      price_per_sqm: 4600,
      source: 'moj',
      district_id: 10100003075,
    },
    {
      date: '2024-03-15',
      area_sqm: 120,
      price_sar: 492_000,
      price_per_sqm: 4100,
      source: 'csv',
      district_id: 10100003075,
    },
  ],
};
