import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsCalendarDate,
  IsDefined,
  IsIn,
  IsISO8601,
  IsInt,
  IsLatitude,
  IsLongitude,
  IsNumber,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateNested,
} from '@app/validation';
import { ListPage, PageRequest } from './paging';
import { PlaceInput } from './place.contract';
import { rpc } from './rpc-descriptor';
import type { BenchmarkRequest, BenchmarkResponse, ResolvePlaceRequest, ResolvedPlace } from './catalogue.contract';
import type {
  CreateDecisionBatchRequest,
  DecisionBatchResponse,
  GetDecisionBatchRequest,
} from './decision-batches.contract';

/**
 * The public decision shapes (spec 2.1, 2.2), the decision service's requests and its calls. The
 * gateway's OpenAPI document is generated from these classes (docs/openapi.md): their doc
 * comments are the fields' descriptions.
 */

/**
 * A decision failed after its debit and billing could not be reached to refund it in the
 * request: billing refunds it from this event (once: a refund reverses its debit once).
 */
export const DECISION_REFUND_OWED = 'decision.refund.owed.v1';

/**
 * A decision request died with its process (SIGKILL, out of memory) after claiming its
 * Idempotency-Key: its claim was abandoned, and billing refunds whatever debit it made
 * (reference `decision:<decision_id>`), once. The client's retry with the key is charged anew.
 */
export const DECISION_ABANDONED = 'decision.decision.abandoned.v1';

export interface DecisionAbandonedPayload {
  workspace_id: string;
  decision_id: string;
}

export interface RefundOwedPayload {
  workspace_id: string;
  decision_id: string;
  debit_entry_id: string;
  /** Part of the debit owed back (a batch's failed items); the whole debit when absent. */
  amount?: number;
}

export const PROPERTY_TYPES = ['apartment', 'villa', 'land', 'commercial', 'office'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Decisions a call costs (spec 8). */
export const DECISION_COST = { scoring: 1, reasoning: 3 } as const;

export const decisionCost = (reasoning: unknown): number =>
  reasoning === true ? DECISION_COST.reasoning : DECISION_COST.scoring;

export const VERDICTS = ['match', 'partial', 'no_match'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const SUB_SCORE_STATUSES = ['pass', 'warn', 'fail'] as const;
export type SubScoreStatus = (typeof SUB_SCORE_STATUSES)[number];

export const SCORE_BUCKETS = ['price', 'location', 'size', 'details'] as const;
export type ScoreBucket = (typeof SCORE_BUCKETS)[number];

/** Verdict and sub-score thresholds: at or above PASS is pass/match, at or above WARN is warn/partial. */
export const SCORE_THRESHOLDS = { pass: 70, warn: 40 } as const;

/**
 * Each bucket's weight in the overall score; they add up to 100. `price` and `size` both read the
 * price per sqm (price on the quartiles of recent sales, size against their average, spec 2.2), so
 * together they carry 45: the largest single input, never the majority. Why each figure:
 * apps/decision/src/scoring/README.md.
 */
export const SCORE_WEIGHTS: Record<ScoreBucket, number> = { price: 30, location: 25, size: 15, details: 30 };

/** The formula in a few lines of markdown, for the OpenAPI description (details in apps/decision/src/scoring/README.md). */
export const SCORING_FORMULA_SUMMARY = [
  '**Score** = round(0.3 × price + 0.25 × location + 0.15 × size + 0.3 × details), each sub-score an integer 0-100.',
  '**Verdict**: `match` at 70 and above, `partial` 40-69, `no_match` below 40. **Status** of a sub-score: `pass` ≥ 70, `warn` 40-69, `fail` < 40.',
  '**Weights**: price and size both read the price per sqm (two views of one number), so together they carry 45 %, the largest share but never the majority: a property is not sunk, or carried, by its price twice over. Size, the blunter view (one average, no spread), weighs less than price. Location 25 (demand and trend decide a resale). Details 30: the property itself (its area for the place, rooms for the area, building).',
  '- **price**: price per sqm on the benchmark distribution, piecewise linear: ≤ 0.8×p25 → 100, p25 → 85, median → 65, p75 → 40, 1.25×p75 → 10, ≥ 1.5×p75 → 0. Why: the quartiles of recent sales are what a buyer would otherwise pay.',
  "- **location**: 50 + demand + trend (+5 when coordinates are given). Demand, on the log of the benchmark year's sales of the type: ≤ 5 → −10, 15 → 0, 40 → +10, ≥ 150 → +20; low below 10, high from 40. Why: the Saudi MoJ file averages about 17 sales per district a year, so 15 is an ordinary district and 40 a busy one. Trend: 1.25 × year-over-year %, capped at ±25. City-wide benchmarks count half (they describe the city, not the district).",
  "- **size** (spec 2.2): price per sqm against the market average for the type and place: the mean price per sqm of the benchmark's sales (its median where no mean exists, and the `average_from_median` factor says so). On r = price per sqm / average: ≤ 0.7 → 100, 0.85 → 85, 1.0 → 65, 1.2 → 40, 1.4 → 15, ≥ 1.6 → 0. Never rises with the price.",
  '- **details**: 50 ± points, clamped 0-100. The area: on the area quartiles (a25, median, a75) of the same sales, ≤ 0.5×a25 → −20, a25 → 0, median → +5, a75 → +10, 2×a75 → +10, ≥ 3×a75 → −10 (nothing without a benchmark, factor `area_not_compared`); −20 when unusual for the type. Homes: +10 when bedrooms fit the area (apartment 25-80 sqm a bedroom, villa 40-150), −10 when cramped. Building (not land): bathrooms, floor, age, parking, furnished. A missing field counts 0.',
  'Without a benchmark, price, location and size score a neutral 50, each with a `no_benchmark` factor in `factors`.',
].join('\n');

/**
 * Every code a decision's factor can carry, with what it means; `values` holds the numbers named
 * in brackets. Stable: clients read them in `factors`, the reasoning providers turn them into
 * sentences.
 */
export const DECISION_FACTOR_CODES = {
  // Any bucket that needs the benchmark.
  no_benchmark: 'No benchmark for the place and type: price, location and size each score a neutral 50. []',

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

  // size: the price per sqm against the market average for the type and place (spec 2.2).
  sqm_price_below_average:
    'Price per sqm more than 5% below the market average. [price_per_sqm, average_sqm, average (mean or median), vs_average_pct, score]',
  sqm_price_near_average: 'Price per sqm within 5% of the market average. [same as sqm_price_below_average]',
  sqm_price_above_average: 'Price per sqm more than 5% above the market average. [same as sqm_price_below_average]',
  average_from_median: 'The benchmark has no mean price per sqm: size compares with its median instead. [median_sqm]',

  // details: the area (against the areas sold, bedrooms for it, usual for the type), then type-specific rules.
  area_below_market_range:
    'The area is below the 25th percentile of areas sold. [area, area_p25_sqm, area_median_sqm, area_p75_sqm, points]',
  area_within_market_range: 'The area is within the middle half of areas sold (p25 to p75). [same as above]',
  area_above_market_range: 'The area is above p75 of areas sold, at most twice it. [same as above]',
  area_far_above_market_range: 'The area is more than twice p75 of areas sold: few buyers. [same as above]',
  area_not_compared: 'No benchmark with areas sold, so the area was not compared: it adds nothing. [area, points]',
  bedrooms_fit_area: 'A sensible number of bedrooms for the area. [bedrooms, area, sqm_per_bedroom, points]',
  bedrooms_cramped: 'Too many bedrooms for the area. [bedrooms, area, sqm_per_bedroom, points]',
  area_unusual_for_type: 'The area is outside the usual range for the type. [area, min_area, max_area, points]',
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
  details_not_applicable:
    'Land: building details (bedrooms, bathrooms, floor, age, parking, furnished) do not apply; only the area counts. [type]',
} as const;

export type DecisionFactorCode = keyof typeof DECISION_FACTOR_CODES;

export const FACTOR_EFFECTS = ['positive', 'negative', 'neutral'] as const;
export type FactorEffect = (typeof FACTOR_EFFECTS)[number];

/**
 * A fact behind a sub-score: a stable code, the bucket it belongs to, whether it counts for or
 * against, and the numbers it was computed from.
 */
export class DecisionFactor {
  /** Stable code; `values` holds the numbers named in brackets (the list: DECISION_FACTOR_CODES). */
  @IsIn(Object.keys(DECISION_FACTOR_CODES))
  code: DecisionFactorCode;

  /** the sub-score it explains */
  @IsIn(SCORE_BUCKETS)
  bucket: ScoreBucket;

  /** for the property, against it, or neither */
  @IsIn(FACTOR_EFFECTS)
  effect: FactorEffect;

  /** the figures the factor was computed from (`points`: what a rule added to its sub-score) */
  values: Record<string, number | string | boolean | null>;
}

export class DecisionPropertyInput {
  /** The property type (`commercial` is a shop). */
  @IsDefined()
  @IsIn(PROPERTY_TYPES)
  type: PropertyType;

  /** Asking price in SAR. */
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  @Max(1e11)
  price: number;

  /** Square metres. */
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  @Max(1e7)
  area: number;

  /** Bedrooms. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  bedrooms?: number;

  /** Bathrooms. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  bathrooms?: number;

  /** 0 = ground floor; negative = basement. */
  @IsOptional()
  @IsInt()
  @Min(-5)
  @Max(200)
  floor?: number;

  /** Years. */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(300)
  age?: number;

  /** Has parking. */
  @IsOptional()
  @IsBoolean()
  parking?: boolean;

  /** Sold furnished. */
  @IsOptional()
  @IsBoolean()
  furnished?: boolean;
}

/** Any one way to name the place: `district_id`; `city_id` + `district`; `city` + `district`. */
export class DecisionLocationInput extends PlaceInput {
  /** Latitude, to pin the property (adds to the location score). */
  @IsOptional()
  @IsLatitude()
  lat?: number;

  /** Longitude, with `lat`. */
  @IsOptional()
  @IsLongitude()
  lng?: number;
}

/** POST /v1/decisions body (spec 2.1), both forms. */
export class DecisionRequestBody {
  /** The property to score. */
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => DecisionPropertyInput)
  property: DecisionPropertyInput;

  /** Where it is: one of the place forms. */
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => DecisionLocationInput)
  location: DecisionLocationInput;

  /** false: scores only (1 decision); true adds bilingual reasoning (3 decisions). */
  @IsDefined()
  @IsBoolean()
  reasoning: boolean;
}

/** What the gateway sends: the body as received, because pricing and the balance check come before validation. */
export class CreateDecisionRequest {
  @IsUUID()
  workspace_id: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  idempotency_key?: string;

  @IsDefined()
  body: unknown;
}

export class SubScore {
  /** 0 to 100. */
  @Min(0)
  @Max(100)
  score: number;

  /** pass ≥ 70, warn 40-69, fail < 40 */
  @IsIn(SUB_SCORE_STATUSES)
  status: SubScoreStatus;
}

/** The four sub-scores; the overall score is their weighted sum (SCORE_WEIGHTS). */
export class DecisionBreakdown implements Record<ScoreBucket, SubScore> {
  /** weight 30: price per sqm against the benchmark distribution (p25, median, p75) */
  price: SubScore;

  /** weight 25: area demand and trend */
  location: SubScore;

  /**
   * weight 15: price per sqm against the market average for the type and place (the benchmark's mean;
   * its median where no mean exists, with the `average_from_median` factor)
   */
  size: SubScore;

  /**
   * weight 30: type-specific factors: the area against the areas sold, bedrooms for the area, the usual area
   * for the type, bathrooms, floor, age, parking, furnished
   */
  details: SubScore;
}

export class DecisionBenchmark {
  /** SAR per sqm */
  @IsNumber()
  median_sqm: number;

  /** 25th percentile, SAR per sqm. */
  @IsNumber()
  p25_sqm: number;

  /** 75th percentile, SAR per sqm. */
  @IsNumber()
  p75_sqm: number;

  /** The year of the sales it was computed from. */
  @IsNumber()
  year: number;

  /** How many sales it was computed from. */
  @IsNumber()
  transaction_count: number;

  /** null without prior-year data */
  @IsOptional()
  @IsNumber()
  yoy_pct: number | null;

  /** Extra field: district + type when enough data, else city + type. */
  @IsIn(['district', 'city'])
  scope: 'district' | 'city';
}

/** Where a comparable sale's record came from: a government export, a broker's CSV, or the synthetic demo set. */
export const COMPARABLE_SOURCES = ['dld', 'moj', 'csv', 'synthetic'] as const;
export type ComparableSource = (typeof COMPARABLE_SOURCES)[number];

/** The most comparable sales a decision cites. */
export const MAX_COMPARABLES = 5;

/**
 * A recorded sale behind the benchmark that resembles the property (same type, area within
 * ±25 %): the evidence a decision rests on. Recorded figures only, no parties to the sale.
 */
export class DecisionComparable {
  /**
   * sale date
   * @example "2025-11-10"
   */
  @IsCalendarDate()
  date: string;

  /** square metres, as recorded */
  @IsNumber()
  area_sqm: number;

  /** sale price, SAR (AED converted at the peg) */
  @IsNumber()
  price_sar: number;

  /** price_sar / area_sqm, rounded to whole SAR */
  @IsNumber()
  price_per_sqm: number;

  /** `moj` Saudi Ministry of Justice, `dld` Dubai Land Department, `csv` an imported broker or analyst file, `synthetic` the demo set */
  @IsIn(COMPARABLE_SOURCES)
  source: ComparableSource;

  /** the sale's district (GET /v1/locations ids); null when its record named only the city */
  @IsOptional()
  @IsNumber()
  district_id: number | null;
}

/**
 * Why no asking price reaches a verdict: the bucket the price cannot move (`location` or `details`)
 * that costs the score the most points, or `no_benchmark` when there is nothing to judge the price
 * against, so the price moves no sub-score at all.
 */
export const PRICE_GUIDANCE_LIMITS = ['location', 'details', 'no_benchmark'] as const;
export type PriceGuidanceLimit = (typeof PRICE_GUIDANCE_LIMITS)[number];

/** An asking-price range in whole SAR, both ends included. */
export class PriceRangeSar {
  /** The low end, in whole SAR. */
  @IsInt()
  min: number;

  /** The high end, in whole SAR. */
  @IsInt()
  max: number;
}

/**
 * What the asking price would have to be, everything else unchanged, found by inverting the
 * published scoring (only the price and size buckets read the price, and neither rises with it).
 * Costs nothing: it comes with every decision.
 */
export class DecisionPriceGuidance {
  /** The benchmark's p25 to p75 price per sqm times the area, rounded to whole SAR; null without a benchmark. */
  @IsOptional()
  @ValidateNested()
  @Type(() => PriceRangeSar)
  fair_range_sar: PriceRangeSar | null;

  /**
   * The highest asking price, in whole SAR, at which the verdict would be `match`: at it the verdict is
   * `match`, one riyal more it is not. Null when no price reaches a match (`limited_by` says why).
   */
  @IsOptional()
  @IsInt()
  price_to_match_sar: number | null;

  /**
   * The highest asking price, in whole SAR, at which the verdict would be at least `partial`: one riyal
   * more gives `no_match`. Null when no price reaches it, or when the verdict is at least `partial`
   * at any price (`partial_at_any_price`).
   */
  @IsOptional()
  @IsInt()
  price_to_partial_sar: number | null;

  /** Set when `price_to_match_sar` is null: what holds the verdict back whatever the price. */
  @IsOptional()
  @IsIn(PRICE_GUIDANCE_LIMITS)
  limited_by: PriceGuidanceLimit | null;

  /** True when no asking price, however high, brings the verdict below `partial`. */
  @IsBoolean()
  partial_at_any_price: boolean;
}

export class DecisionReasoning {
  /** 2-3 sentences */
  @IsString()
  reasoning_en: string;

  /** 2-3 sentences in Arabic */
  @IsString()
  reasoning_ar: string;

  /** The factors that weighed most. */
  @ArrayMaxSize(3)
  @IsString({ each: true })
  key_factors: string[];

  /** What a buyer should check. */
  @IsString({ each: true })
  risk_flags: string[];

  /** `template`, or the AI model that wrote the text */
  @IsString()
  model: string;
}

/** The place the decision was made for, as resolved. */
export class DecisionLocation {
  /** The city (GET /v1/locations ids). */
  @IsNumber()
  city_id: number;

  /** Its English name. */
  @IsString()
  city_name_en: string;

  /** Its Arabic name. */
  @IsString()
  city_name_ar: string;

  /** The district (GET /v1/locations ids). */
  @IsNumber()
  district_id: number;

  /** Its English name. */
  @IsString()
  district_name_en: string;

  /** Its Arabic name. */
  @IsString()
  district_name_ar: string;
}

export class DecisionResponse {
  /** Always `decision`. */
  @IsIn(['decision'])
  object: 'decision';

  /** The decision (GET /v1/decisions/{id}). */
  @IsUUID()
  id: string;

  /** match ≥ 70, partial 40-69, no_match < 40 */
  @IsIn(VERDICTS)
  verdict: Verdict;

  /** The weighted score, 0 to 100. */
  @Min(0)
  @Max(100)
  score: number;

  /** The four sub-scores. */
  breakdown: DecisionBreakdown;

  /** price / area, rounded */
  @IsNumber()
  price_per_sqm: number;

  /** The market the price is compared with; null when no sales of the type were recorded for the place. */
  benchmark: DecisionBenchmark | null;

  /**
   * Why each sub-score is what it is: the facts behind every bucket, with or without reasoning. When
   * `benchmark` is null, price, location and size each carry a `no_benchmark` factor (they score a neutral
   * 50). Present on every decision made since factors were added (absent only on decisions stored before).
   */
  factors?: DecisionFactor[];

  /**
   * The evidence: up to 5 recorded sales behind the benchmark (its year), same type, area within ±25 % of the
   * property's, newest first; from the district when it has at least 3 such sales, else from the whole city.
   * Recorded figures only: no parties to a sale. Empty without a benchmark or when no comparable sale was
   * recorded; cited in the reasoning. Present on every decision made since comparables were added (absent only
   * on decisions stored before), and stored with the decision: GET /v1/decisions/{id} returns the same list.
   */
  @IsOptional()
  @ArrayMaxSize(MAX_COMPARABLES)
  comparables?: DecisionComparable[];

  /**
   * The price that makes a match: the fair range of the benchmark and the highest asking prices at which
   * the verdict would be `match` and `partial`, everything else unchanged. Absent on decisions stored
   * before price guidance existed.
   */
  @IsOptional()
  @ValidateNested()
  @Type(() => DecisionPriceGuidance)
  price_guidance?: DecisionPriceGuidance;

  /** The place, as resolved. */
  location: DecisionLocation;

  /** only when the request asked for reasoning */
  reasoning?: DecisionReasoning;

  /** What this call cost: 1, or 3 with reasoning. */
  @IsIn([DECISION_COST.scoring, DECISION_COST.reasoning])
  credits_used: number;

  /** the balance right after this call's own debit */
  @IsNumber()
  credits_remaining: number;

  /** earlier name of credits_used */
  @IsNumber()
  decisions_used: number;

  /** earlier name of credits_remaining */
  @IsNumber()
  decisions_remaining: number;

  /** When it was made. */
  @IsISO8601()
  created_at: string;
}

/** One decision of the workspace, as it was answered; another workspace's answers 404. */
export class GetDecisionRequest {
  @IsUUID()
  workspace_id: string;

  /** Any string: an id that is not one of ours is simply not found. */
  @IsString()
  @Length(1, 100)
  id: string;
}

/** The workspace's decisions, newest first. */
export class ListDecisionsRequest extends PageRequest {
  @IsUUID()
  workspace_id: string;
}

export class DecisionsPageResponse extends ListPage {
  /** Decisions, newest first. */
  data: DecisionResponse[];
}

/** The decision service's decision pattern and the public decision shapes (spec 2.1, 2.2). */
export const DecisionsRpc = {
  create: rpc<CreateDecisionRequest, DecisionResponse>('rpc.decision.decisions.create.v1'),
  get: rpc<GetDecisionRequest, DecisionResponse>('rpc.decision.decisions.get.v1'),
  list: rpc<ListDecisionsRequest, DecisionsPageResponse>('rpc.decision.decisions.list.v1'),
  /** Batch decisions (issue 16): many POST /v1/decisions bodies, charged as one, answered per item. */
  createBatch: rpc<CreateDecisionBatchRequest, DecisionBatchResponse>('rpc.decision.decisions.batch.create.v1'),
  getBatch: rpc<GetDecisionBatchRequest, DecisionBatchResponse>('rpc.decision.decisions.batch.get.v1'),
  /** The decision service resolves a place the way decisions do, and answers a benchmark. */
  resolvePlace: rpc<ResolvePlaceRequest, ResolvedPlace>('rpc.decision.places.resolve.v1'),
  benchmark: rpc<BenchmarkRequest, BenchmarkResponse>('rpc.decision.benchmark.v1'),
};
