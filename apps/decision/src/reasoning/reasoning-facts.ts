import { SCORE_BUCKETS } from '@app/contracts';
import type {
  DecisionBreakdown,
  DecisionComparable,
  DecisionLocation,
  DecisionPriceGuidance,
  PropertyType,
  ScoreBucket,
  Verdict,
} from '@app/contracts';
import type { ComparableSales } from '../comparables/comparable-sales';
import type { ScoringFactor } from '../scoring/scoring.types';
import type { ReasoningInput } from './reasoning.provider';

/** Where the asking price per sqm falls among the benchmark's sales. */
export type PricePosition = 'at_or_below_p25' | 'below_median' | 'above_median' | 'above_p75';

/** Year-on-year moves smaller than this (in percent) read as steady. */
export const STEADY_TREND_PCT = 1;
/** At or above this age a building is flagged as old; at or below NEW_BUILDING_YEARS it counts as recent. */
export const OLD_BUILDING_YEARS = 20;
export const NEW_BUILDING_YEARS = 5;
/** A benchmark resting on fewer sales is flagged as thin. */
export const THIN_BENCHMARK_SALES = 20;

export interface BenchmarkFacts {
  scope: 'district' | 'city';
  year: number;
  p25_sqm: number;
  median_sqm: number;
  p75_sqm: number;
  transaction_count: number;
  yoy_pct: number | null;
  price_position: PricePosition;
  /** Asking price per sqm against the median, in percent (negative: cheaper), one decimal. */
  pct_vs_median: number;
}

/** The size bucket's fact (spec 2.2): the price per sqm against the market average for the type and place. */
export interface AverageFacts {
  /** `mean` of the benchmark's sales; `median` where the benchmark has no mean. */
  kind: 'mean' | 'median';
  average_sqm: number;
  /** Asking price per sqm against the average, in percent (negative: cheaper), one decimal. */
  pct_vs_average: number;
}

/** Where the area falls among the areas of the same sales (a fact of the details bucket). */
export interface AreaFacts {
  position: 'below' | 'within' | 'above' | 'far_above';
  area_sqm: number;
  p25_sqm: number;
  median_sqm: number;
  p75_sqm: number;
}

/** The comparable sales cited, summarised for a sentence, and listed for the AI prompt. */
export interface ComparableFacts {
  /** `district`: all in the property's district; `city`: across the city (too few in the district). */
  scope: 'district' | 'city';
  count: number;
  area_min_sqm: number;
  area_max_sqm: number;
  price_per_sqm_min: number;
  price_per_sqm_max: number;
  /** The newest sale. */
  latest: DecisionComparable;
  sales: DecisionComparable[];
}

/**
 * The facts every provider explains from, derived once: the template renders them, the
 * openai provider sends them as the prompt. Nothing here is text for the user.
 */
export interface ReasoningFacts {
  property: {
    type: PropertyType;
    price_sar: number;
    area_sqm: number;
    price_per_sqm_sar: number;
    bedrooms?: number;
    bathrooms?: number;
    floor?: number;
    age_years?: number;
    parking?: boolean;
    furnished?: boolean;
  };
  place: DecisionLocation;
  verdict: Verdict;
  score: number;
  breakdown: DecisionBreakdown;
  /** null: no benchmark exists for the place and type, so the price was not compared. */
  benchmark: BenchmarkFacts | null;
  /** null: no benchmark, or no recorded sale of a comparable area. */
  comparables: ComparableFacts | null;
  /** From the size factor; null without a benchmark. */
  average: AverageFacts | null;
  /** From the details factor on the areas sold; null when the area was not compared. */
  area: AreaFacts | null;
  /** The buckets that score a neutral 50 for want of a benchmark (their `no_benchmark` factors). */
  neutral_buckets: ScoreBucket[];
  /** The price that makes a match (the decision's `price_guidance`); null when the caller gave none. */
  price_guidance: DecisionPriceGuidance | null;
  factors: ScoringFactor[];
}

export function pricePosition(
  pricePerSqm: number,
  benchmark: { p25_sqm: number; median_sqm: number; p75_sqm: number },
): PricePosition {
  if (pricePerSqm <= benchmark.p25_sqm) return 'at_or_below_p25';
  if (pricePerSqm <= benchmark.median_sqm) return 'below_median';
  if (pricePerSqm <= benchmark.p75_sqm) return 'above_median';
  return 'above_p75';
}

const roundTo1 = (value: number): number => Math.round(value * 10) / 10;

function comparableFacts(comparables: ComparableSales | null | undefined): ComparableFacts | null {
  if (!comparables || comparables.sales.length === 0) return null;
  const { sales } = comparables;
  const areas = sales.map((sale) => sale.area_sqm);
  const prices = sales.map((sale) => sale.price_per_sqm);
  return {
    scope: comparables.scope,
    count: sales.length,
    area_min_sqm: Math.min(...areas),
    area_max_sqm: Math.max(...areas),
    price_per_sqm_min: Math.min(...prices),
    price_per_sqm_max: Math.max(...prices),
    latest: sales[0],
    sales,
  };
}

const SIZE_CODES = new Set(['sqm_price_below_average', 'sqm_price_near_average', 'sqm_price_above_average']);
const AREA_POSITIONS: Partial<Record<ScoringFactor['code'], AreaFacts['position']>> = {
  area_below_market_range: 'below',
  area_within_market_range: 'within',
  area_above_market_range: 'above',
  area_far_above_market_range: 'far_above',
};

function averageFacts(factors: ScoringFactor[]): AverageFacts | null {
  const found = factors.find((factor) => factor.bucket === 'size' && SIZE_CODES.has(factor.code));
  if (!found) return null;
  return {
    kind: found.values.average === 'median' ? 'median' : 'mean',
    average_sqm: Number(found.values.average_sqm),
    pct_vs_average: Number(found.values.vs_average_pct),
  };
}

function areaFacts(factors: ScoringFactor[]): AreaFacts | null {
  for (const factor of factors) {
    const position = AREA_POSITIONS[factor.code];
    if (!position) continue;
    return {
      position,
      area_sqm: Number(factor.values.area),
      p25_sqm: Number(factor.values.area_p25_sqm),
      median_sqm: Number(factor.values.area_median_sqm),
      p75_sqm: Number(factor.values.area_p75_sqm),
    };
  }
  return null;
}

export function reasoningFacts({
  property,
  location,
  scoring,
  benchmark,
  comparables,
  guidance,
}: ReasoningInput): ReasoningFacts {
  const pricePerSqm = scoring.price_per_sqm;
  return {
    property: stripUndefined({
      type: property.type,
      price_sar: property.price,
      area_sqm: property.area,
      price_per_sqm_sar: pricePerSqm,
      bedrooms: property.bedrooms,
      bathrooms: property.bathrooms,
      floor: property.floor,
      age_years: property.age,
      parking: property.parking,
      furnished: property.furnished,
    }),
    place: location,
    verdict: scoring.verdict,
    score: scoring.score,
    breakdown: scoring.breakdown,
    benchmark: benchmark && {
      scope: benchmark.scope,
      year: benchmark.year,
      p25_sqm: benchmark.p25_sqm,
      median_sqm: benchmark.median_sqm,
      p75_sqm: benchmark.p75_sqm,
      transaction_count: benchmark.transaction_count,
      yoy_pct: benchmark.yoy_pct === null ? null : roundTo1(benchmark.yoy_pct),
      price_position: pricePosition(pricePerSqm, benchmark),
      pct_vs_median: roundTo1((pricePerSqm / benchmark.median_sqm - 1) * 100),
    },
    comparables: benchmark ? comparableFacts(comparables) : null,
    average: averageFacts(scoring.factors),
    area: areaFacts(scoring.factors),
    neutral_buckets: SCORE_BUCKETS.filter((bucket) =>
      scoring.factors.some((factor) => factor.code === 'no_benchmark' && factor.bucket === bucket),
    ),
    price_guidance: guidance ?? null,
    factors: scoring.factors,
  };
}

export interface Trend {
  direction: 'rising' | 'falling' | 'steady';
  /** Year-on-year change in percent, one decimal. */
  pct: number;
}

/** The year-on-year trend, or null without a benchmark or prior-year data. */
export function trendOf(benchmark: BenchmarkFacts | null): Trend | null {
  if (benchmark?.yoy_pct == null) return null;
  const pct = benchmark.yoy_pct;
  if (pct >= STEADY_TREND_PCT) return { direction: 'rising', pct };
  if (pct <= -STEADY_TREND_PCT) return { direction: 'falling', pct };
  return { direction: 'steady', pct };
}

/** Land has no building, so no building age. */
export const hasBuilding = (type: PropertyType): boolean => type !== 'land';

/** Buckets grouped by status, each group in the breakdown's order. */
export function bucketsByStatus(breakdown: DecisionBreakdown): Record<'pass' | 'warn' | 'fail', ScoreBucket[]> {
  const groups: Record<'pass' | 'warn' | 'fail', ScoreBucket[]> = { pass: [], warn: [], fail: [] };
  for (const bucket of SCORE_BUCKETS) groups[breakdown[bucket].status].push(bucket);
  return groups;
}

function stripUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}
