import { ApiProperty } from '@nestjs/swagger';
import { PRICE_POSITIONS } from '@app/contracts';
import type { DecisionBenchmark, PriceIntel, PricePosition } from '@app/contracts';
import { BenchmarkDto } from '../decisions/decision.dto';

/**
 * GET /v1/properties/{id}/price-intel for the OpenAPI document. The one property shape still
 * copied here: its `benchmark` is the decisions' benchmark, whose contract class comes with the
 * decisions' shapes (issue 28); this moves into PriceIntel in properties.contract.ts then.
 */
export class PriceIntelDto implements PriceIntel {
  @ApiProperty({ enum: ['price_intel'] })
  object: 'price_intel';

  @ApiProperty({ format: 'uuid' })
  property_id: string;

  @ApiProperty()
  price_sar: number;

  @ApiProperty()
  area_sqm: number;

  @ApiProperty({ type: 'integer', description: 'price_sar / area_sqm, rounded' })
  price_per_sqm: number;

  @ApiProperty({
    type: BenchmarkDto,
    nullable: true,
    description: 'District + type for the latest year with enough sales, else city + type (`scope`), else null',
  })
  benchmark: DecisionBenchmark | null;

  @ApiProperty({ enum: PRICE_POSITIONS, nullable: true, description: 'null without a benchmark' })
  position: PricePosition | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Against the median, percent (negative: cheaper)' })
  vs_median_pct: number | null;
}
