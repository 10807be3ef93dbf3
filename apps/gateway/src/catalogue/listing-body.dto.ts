import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { CURRENCIES, CreateListingBody, LISTING_STATUSES, LISTING_TYPES } from '@app/contracts';
import type { Currency, ListingStatus, ListingType } from '@app/contracts';
import { PageQueryDto } from '../http/page-query.dto';

/*
 * The request bodies for the OpenAPI document. Validation comes from the contract classes
 * they extend (the catalogue checks the same classes again); `declare` adds documentation
 * without redefining the inherited fields.
 */

const PLACE =
  'Place, one of: `district_id`; `city_id` + `district`; `city` + `district` (matched as GET /v1/locations matches names; unknown or ambiguous → 422 with `field` and `suggestions`)';

export class CreateListingDto extends CreateListingBody {
  @ApiProperty({ enum: LISTING_TYPES })
  declare property_type: ListingType;

  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: 200 })
  declare title_en?: string;

  @ApiPropertyOptional({
    type: String,
    minLength: 1,
    maxLength: 200,
    description: 'Arabic title, stored and returned exactly',
  })
  declare title_ar?: string;

  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: 5000 })
  declare description_en?: string;

  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: 5000 })
  declare description_ar?: string;

  @ApiPropertyOptional({
    type: Number,
    exclusiveMinimum: true,
    minimum: 0,
    maximum: 100_000_000_000,
    description: 'In `currency`, up to 2 decimals',
  })
  declare price?: number;

  @ApiPropertyOptional({
    enum: CURRENCIES,
    default: 'SAR',
    description: 'AED keeps its amount; `price_sar` is converted at the peg 1 USD = 3.75 SAR = 3.6725 AED',
  })
  declare currency?: Currency;

  @ApiPropertyOptional({ type: Number, minimum: 1, description: PLACE })
  declare district_id?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, description: 'With `district`' })
  declare city_id?: number;

  @ApiPropertyOptional({
    type: String,
    minLength: 2,
    maxLength: 100,
    description: 'City name, Arabic or English, with `district`',
  })
  declare city?: string;

  @ApiPropertyOptional({ type: String, minLength: 2, maxLength: 100, description: 'District name, Arabic or English' })
  declare district?: string;

  @ApiPropertyOptional({ type: Number, exclusiveMinimum: true, minimum: 0, maximum: 10_000_000 })
  declare area_sqm?: number;

  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: 50, description: 'Not for land (422)' })
  declare bedrooms?: number;

  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: 50, description: 'Not for land (422)' })
  declare bathrooms?: number;

  @ApiPropertyOptional({ type: Number, minimum: -90, maximum: 90 })
  declare lat?: number;

  @ApiPropertyOptional({ type: Number, minimum: -180, maximum: 180 })
  declare lng?: number;

  @ApiPropertyOptional({
    type: String,
    minLength: 1,
    maxLength: 100,
    description: 'Your own reference, unique in the workspace (409 `conflict` when taken)',
  })
  declare external_ref?: string;

  @ApiPropertyOptional({
    type: String,
    minLength: 1,
    maxLength: 50,
    description: 'REGA advertising licence (SA, 10 digits) or Trakheesi permit (Dubai, 6-12 digits)',
  })
  declare licence_number?: string;
}

/**
 * Every field of the create body, optional: PartialType copies the validation and documentation
 * and adds IsOptional (which also lifts property_type's IsDefined), so PATCH validates as
 * UpdateListingBody does and documents the same fields.
 */
export class UpdateListingDto extends PartialType(CreateListingDto) {}

export class RejectListingDto {
  @ApiProperty({ minLength: 1, maxLength: 1000, description: 'Shown to the broker' })
  @IsDefined()
  @IsString()
  @Length(1, 1000)
  reason: string;
}

export class ListListingsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: LISTING_STATUSES })
  @IsOptional()
  @IsIn(LISTING_STATUSES)
  status?: ListingStatus;
}
