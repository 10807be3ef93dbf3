import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
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
import { PageRequest } from './paging';
import type { Page } from './paging';

/** The decision service's decision pattern and the public decision shapes (spec 2.1, 2.2). */
export const DECISIONS_CREATE_PATTERN = 'rpc.decision.decisions.create.v1';
export const DECISIONS_GET_PATTERN = 'rpc.decision.decisions.get.v1';
export const DECISIONS_LIST_PATTERN = 'rpc.decision.decisions.list.v1';

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

/** The gateway's deadline for a decision with reasoning: an AI call (with its retry) fits inside. */
export const DECISION_WITH_REASONING_DEADLINE_MS = 60_000;

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

/** Each bucket's weight in the overall score; they add up to 100. */
export const SCORE_WEIGHTS: Record<ScoreBucket, number> = { price: 40, location: 20, size: 20, details: 20 };

/** The formula in a few lines of markdown, for the OpenAPI description (details in apps/decision/src/scoring/README.md). */
export const SCORING_FORMULA_SUMMARY = [
  '**Score** = round(0.4 × price + 0.2 × location + 0.2 × size + 0.2 × details), each sub-score an integer 0-100.',
  '**Verdict**: `match` at 70 and above, `partial` 40-69, `no_match` below 40. **Status** of a sub-score: `pass` ≥ 70, `warn` 40-69, `fail` < 40.',
  'Each bucket measures one thing, so the weights are what they say: only **price** moves with the price.',
  '- **price**: price per sqm on the benchmark distribution, piecewise linear: ≤ 0.8×p25 → 100, p25 → 85, median → 65, p75 → 40, 1.25×p75 → 10, ≥ 1.5×p75 → 0. Why: the quartiles of recent sales are what a buyer would otherwise pay.',
  "- **location**: 50 + demand + trend (+5 when coordinates are given). Demand, on the log of the benchmark year's sales of the type: ≤ 5 → −10, 15 → 0, 40 → +10, ≥ 150 → +20; low below 10, high from 40. Why: the Saudi MoJ file averages about 17 sales per district a year, so 15 is an ordinary district and 40 a busy one. Trend: 1.25 × year-over-year %, capped at ±25. City-wide benchmarks count half (they describe the city, not the district).",
  '- **size**: the area alone, never the price. On the area quartiles (a25, median, a75) of the sales behind the benchmark: ≤ 0.5×a25 → 20, a25 → 60, median → 75, a75 → 80, up to 2×a75 → 80, ≥ 3×a75 → 50; 50 without a benchmark. Why: the middle half is what the place trades (the larger end gives more room); much smaller is cramped for the place; far larger has few buyers. Homes: +10 when bedrooms fit the area (apartment 25-80 sqm a bedroom, villa 40-150), −10 when cramped (fewer sqm). −20 when the area is unusual for the type.',
  '- **details**: 50 ± type-specific points (bathrooms, floor, age, parking, furnished); a missing field counts 0; land scores 50.',
  'Without a benchmark, price and location score a neutral 50.',
].join('\n');

export class DecisionPropertyInput {
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

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  bedrooms?: number;

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

  @IsOptional()
  @IsBoolean()
  parking?: boolean;

  @IsOptional()
  @IsBoolean()
  furnished?: boolean;
}

/** Any one way to name the place: `district_id`; `city_id` + `district`; `city` + `district`. */
export class DecisionLocationInput {
  @IsOptional()
  @IsInt()
  @IsPositive()
  district_id?: number;

  @IsOptional()
  @IsInt()
  @IsPositive()
  city_id?: number;

  @IsOptional()
  @IsString()
  @Length(2, 100)
  city?: string;

  @IsOptional()
  @IsString()
  @Length(2, 100)
  district?: string;

  @IsOptional()
  @IsLatitude()
  lat?: number;

  @IsOptional()
  @IsLongitude()
  lng?: number;
}

/** POST /v1/decisions body (spec 2.1), both forms. */
export class DecisionRequestBody {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => DecisionPropertyInput)
  property: DecisionPropertyInput;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => DecisionLocationInput)
  location: DecisionLocationInput;

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

export interface SubScore {
  score: number;
  status: SubScoreStatus;
}

export type DecisionBreakdown = Record<ScoreBucket, SubScore>;

export interface DecisionBenchmark {
  median_sqm: number;
  p25_sqm: number;
  p75_sqm: number;
  year: number;
  transaction_count: number;
  yoy_pct: number | null;
  /** Extra field: district + type when enough data, else city + type. */
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
export interface DecisionComparable {
  /** Sale date, YYYY-MM-DD. */
  date: string;
  area_sqm: number;
  /** SAR (AED converted at the peg). */
  price_sar: number;
  /** price_sar / area_sqm, rounded. */
  price_per_sqm: number;
  source: ComparableSource;
  /** The sale's district; null when its record named the city only. */
  district_id: number | null;
}

export interface DecisionReasoning {
  reasoning_en: string;
  reasoning_ar: string;
  key_factors: string[];
  risk_flags: string[];
  /** Which provider produced the text: `template` or the AI model's name. */
  model: string;
}

/** The place the decision was made for, as resolved. */
export interface DecisionLocation {
  city_id: number;
  city_name_en: string;
  city_name_ar: string;
  district_id: number;
  district_name_en: string;
  district_name_ar: string;
}

export interface DecisionResponse {
  object: 'decision';
  id: string;
  verdict: Verdict;
  score: number;
  breakdown: DecisionBreakdown;
  price_per_sqm: number;
  benchmark: DecisionBenchmark | null;
  /**
   * Up to 5 recent comparable sales behind the benchmark, newest first; empty without a
   * benchmark or when no sale of a comparable area was recorded. Absent on decisions stored
   * before comparables existed.
   */
  comparables?: DecisionComparable[];
  location: DecisionLocation;
  reasoning?: DecisionReasoning;
  credits_used: number;
  credits_remaining: number;
  /** Earlier form's names of the two fields above. */
  decisions_used: number;
  decisions_remaining: number;
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

export type DecisionsPageResponse = Page<DecisionResponse>;
