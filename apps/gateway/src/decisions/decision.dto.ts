import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  COMPARABLE_SOURCES,
  DECISION_FACTOR_CODES,
  FACTOR_EFFECTS,
  MAX_COMPARABLES,
  PRICE_GUIDANCE_LIMITS,
  SCORE_BUCKETS,
  SCORE_WEIGHTS,
  SUB_SCORE_STATUSES,
  VERDICTS,
} from '@app/contracts';
import type {
  ComparableSource,
  DecisionFactor,
  DecisionFactorCode,
  FactorEffect,
  ScoreBucket,
  DecisionBenchmark,
  DecisionComparable,
  DecisionBreakdown,
  DecisionLocation,
  DecisionPriceGuidance,
  DecisionReasoning,
  DecisionResponse,
  DecisionsPageResponse,
  PriceGuidanceLimit,
  PriceRangeSar,
  SubScore,
  SubScoreStatus,
  Verdict,
} from '@app/contracts';
import { PageDto } from '../http/page.dto';

/** The decision response for the OpenAPI document (the shape is the contract's). */
class SubScoreDto implements SubScore {
  @ApiProperty({ minimum: 0, maximum: 100 })
  score: number;

  @ApiProperty({ enum: SUB_SCORE_STATUSES, description: 'pass ≥ 70, warn 40-69, fail < 40' })
  status: SubScoreStatus;
}

class BreakdownDto implements DecisionBreakdown {
  @ApiProperty({
    description: `weight ${SCORE_WEIGHTS.price}: price per sqm against the benchmark distribution (p25, median, p75)`,
  })
  price: SubScoreDto;

  @ApiProperty({ description: `weight ${SCORE_WEIGHTS.location}: area demand and trend` })
  location: SubScoreDto;

  @ApiProperty({
    description:
      `weight ${SCORE_WEIGHTS.size}: price per sqm against the market average for the type and place (the ` +
      "benchmark's mean; its median where no mean exists, with the `average_from_median` factor)",
  })
  size: SubScoreDto;

  @ApiProperty({
    description:
      `weight ${SCORE_WEIGHTS.details}: type-specific factors: the area against the areas sold, bedrooms for the ` +
      'area, the usual area for the type, bathrooms, floor, age, parking, furnished',
  })
  details: SubScoreDto;
}

/** Each factor code and its meaning, as a markdown list for the OpenAPI description. */
const FACTOR_CODE_LIST = Object.entries(DECISION_FACTOR_CODES)
  .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
  .join('\n');

class DecisionFactorDto implements DecisionFactor {
  @ApiProperty({
    enum: Object.keys(DECISION_FACTOR_CODES),
    description: `Stable code; \`values\` holds the numbers named in brackets.\n\n${FACTOR_CODE_LIST}`,
  })
  code: DecisionFactorCode;

  @ApiProperty({ enum: SCORE_BUCKETS, description: 'the sub-score it explains' })
  bucket: ScoreBucket;

  @ApiProperty({ enum: FACTOR_EFFECTS, description: 'for the property, against it, or neither' })
  effect: FactorEffect;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: ['number', 'string', 'boolean', 'null'] },
    description: 'the figures the factor was computed from (`points`: what a rule added to its sub-score)',
  })
  values: Record<string, number | string | boolean | null>;
}

export class BenchmarkDto implements DecisionBenchmark {
  @ApiProperty({ description: 'SAR per sqm' })
  median_sqm: number;

  @ApiProperty()
  p25_sqm: number;

  @ApiProperty()
  p75_sqm: number;

  @ApiProperty()
  year: number;

  @ApiProperty()
  transaction_count: number;

  @ApiProperty({ type: Number, nullable: true, description: 'null without prior-year data' })
  yoy_pct: number | null;

  @ApiProperty({ enum: ['district', 'city'] })
  scope: 'district' | 'city';
}

class ComparableDto implements DecisionComparable {
  @ApiProperty({ format: 'date', example: '2025-11-10', description: 'sale date' })
  date: string;

  @ApiProperty({ description: 'square metres, as recorded' })
  area_sqm: number;

  @ApiProperty({ description: 'sale price, SAR (AED converted at the peg)' })
  price_sar: number;

  @ApiProperty({ description: 'price_sar / area_sqm, rounded to whole SAR' })
  price_per_sqm: number;

  @ApiProperty({
    enum: COMPARABLE_SOURCES,
    description:
      '`moj` Saudi Ministry of Justice, `dld` Dubai Land Department, `csv` an imported broker or analyst file, `synthetic` the demo set',
  })
  source: ComparableSource;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: "the sale's district (GET /v1/locations ids); null when its record named only the city",
  })
  district_id: number | null;
}

class PriceRangeDto implements PriceRangeSar {
  @ApiProperty({ description: 'whole SAR' })
  min: number;

  @ApiProperty({ description: 'whole SAR' })
  max: number;
}

class PriceGuidanceDto implements DecisionPriceGuidance {
  @ApiProperty({
    type: PriceRangeDto,
    nullable: true,
    description: "the benchmark's p25 to p75 price per sqm times the area, rounded; null without a benchmark",
  })
  fair_range_sar: PriceRangeDto | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'the highest whole-SAR asking price at which the verdict would be `match`, all else unchanged (one riyal ' +
      'more is not a match); null when no price reaches a match (`limited_by` says why)',
  })
  price_to_match_sar: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'the highest whole-SAR asking price at which the verdict would be at least `partial` (one riyal more is ' +
      '`no_match`); null when no price reaches it, or when every price does (`partial_at_any_price`)',
  })
  price_to_partial_sar: number | null;

  @ApiProperty({
    enum: PRICE_GUIDANCE_LIMITS,
    nullable: true,
    description:
      'set when `price_to_match_sar` is null: the bucket the price cannot move that costs the most points, or ' +
      '`no_benchmark` (the price is compared with nothing, so it moves no sub-score)',
  })
  limited_by: PriceGuidanceLimit | null;

  @ApiProperty({ description: 'true when no asking price, however high, brings the verdict below `partial`' })
  partial_at_any_price: boolean;
}

class ReasoningDto implements DecisionReasoning {
  @ApiProperty({ description: '2-3 sentences' })
  reasoning_en: string;

  @ApiProperty({ description: '2-3 sentences in Arabic' })
  reasoning_ar: string;

  @ApiProperty({ type: [String], maxItems: 3 })
  key_factors: string[];

  @ApiProperty({ type: [String] })
  risk_flags: string[];

  @ApiProperty({ description: '`template`, or the AI model that wrote the text' })
  model: string;
}

class DecisionLocationDto implements DecisionLocation {
  @ApiProperty()
  city_id: number;

  @ApiProperty()
  city_name_en: string;

  @ApiProperty()
  city_name_ar: string;

  @ApiProperty()
  district_id: number;

  @ApiProperty()
  district_name_en: string;

  @ApiProperty()
  district_name_ar: string;
}

export class DecisionDto implements DecisionResponse {
  @ApiProperty({ enum: ['decision'] })
  object: 'decision';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: VERDICTS, description: 'match ≥ 70, partial 40-69, no_match < 40' })
  verdict: Verdict;

  @ApiProperty({ minimum: 0, maximum: 100 })
  score: number;

  @ApiProperty()
  breakdown: BreakdownDto;

  @ApiProperty({ description: 'price / area, rounded' })
  price_per_sqm: number;

  @ApiProperty({ type: BenchmarkDto, nullable: true })
  benchmark: BenchmarkDto | null;

  @ApiPropertyOptional({
    type: [DecisionFactorDto],
    description:
      'Why each sub-score is what it is: the facts behind every bucket, with or without reasoning. When ' +
      '`benchmark` is null, price, location and size each carry a `no_benchmark` factor (they score a neutral ' +
      '50). Present on every decision made since factors were added (absent only on decisions stored before).',
  })
  factors?: DecisionFactorDto[];

  @ApiPropertyOptional({
    type: [ComparableDto],
    maxItems: MAX_COMPARABLES,
    description:
      'The evidence: up to 5 recorded sales behind the benchmark (its year), same type, area within ±25 % of the ' +
      "property's, newest first; from the district when it has at least 3 such sales, else from the whole city. " +
      'Recorded figures only: no parties to a sale. Empty without a benchmark or when no comparable sale was ' +
      'recorded; cited in the reasoning. Present on every decision made since comparables were added (absent only ' +
      'on decisions stored before), and stored with the decision: GET /v1/decisions/{id} returns the same list.',
  })
  comparables?: ComparableDto[];

  @ApiPropertyOptional({
    type: PriceGuidanceDto,
    description:
      'The price that makes a match, found by inverting the published scoring (only price and size read the ' +
      'price, and neither rises with it), at no extra cost. Reasoning names `price_to_match_sar` when the verdict ' +
      'is not `match`. Present on every decision made since price guidance was added (absent only on decisions ' +
      'stored before).',
  })
  price_guidance?: PriceGuidanceDto;

  @ApiProperty()
  location: DecisionLocationDto;

  @ApiPropertyOptional({ description: 'only when the request asked for reasoning' })
  reasoning?: ReasoningDto;

  @ApiProperty({ enum: [1, 3] })
  credits_used: number;

  @ApiProperty({ description: "the balance right after this call's own debit" })
  credits_remaining: number;

  @ApiProperty({ description: 'earlier name of credits_used' })
  decisions_used: number;

  @ApiProperty({ description: 'earlier name of credits_remaining' })
  decisions_remaining: number;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class DecisionsPageDto extends PageDto(DecisionDto) implements DecisionsPageResponse {}
