import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COMPARABLE_SOURCES, MAX_COMPARABLES, SUB_SCORE_STATUSES, VERDICTS } from '@app/contracts';
import type {
  ComparableSource,
  DecisionBenchmark,
  DecisionComparable,
  DecisionBreakdown,
  DecisionLocation,
  DecisionReasoning,
  DecisionResponse,
  DecisionsPageResponse,
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
  @ApiProperty({ description: 'price per sqm against the benchmark distribution' })
  price: SubScoreDto;

  @ApiProperty({ description: 'area demand and trend' })
  location: SubScoreDto;

  @ApiProperty({
    description:
      'the area against the areas sold for the type and place, and bedrooms for the area (homes); never the price',
  })
  size: SubScoreDto;

  @ApiProperty({ description: 'type-specific details (bathrooms, floor, age, parking, furnished)' })
  details: SubScoreDto;
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
