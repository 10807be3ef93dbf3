import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { DecisionBenchmark, LISTING_TYPES, CURRENCIES, PRICE_POSITIONS } from '@app/contracts';
import type {
  Currency,
  ListingType,
  PriceIntel,
  PricePosition,
  PropertiesPage,
  PropertyDetail,
  PropertyItem,
  SavedPropertiesPage,
  SavedProperty,
} from '@app/contracts';
import { PageDto } from '../http/page.dto';

/** A published listing in the public search (spec 2.4). */
export class PropertyItemDto implements PropertyItem {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Bright 3-bedroom apartment in Al Olaya' })
  title_en: string;

  @ApiProperty({ example: 'شقة مشرقة بثلاث غرف في العليا' })
  title_ar: string;

  @ApiProperty({ enum: LISTING_TYPES })
  property_type: ListingType;

  @ApiProperty({ description: 'Price in SAR (AED listings at the peg 1 USD = 3.75 SAR = 3.6725 AED)' })
  price_sar: number;

  @ApiProperty({ description: 'The price as listed, in `currency`' })
  price: number;

  @ApiProperty({ enum: CURRENCIES })
  currency: Currency;

  @ApiProperty()
  area_sqm: number;

  @ApiProperty({ type: 'integer', nullable: true })
  bedrooms: number | null;

  @ApiProperty({ type: 'integer', nullable: true })
  bathrooms: number | null;

  @ApiProperty({ example: 'Riyadh' })
  city_en: string;

  @ApiProperty({ example: 'الرياض' })
  city_ar: string;

  @ApiProperty({ example: 'Al Olaya Dist.' })
  district_en: string;

  @ApiProperty({ example: 'حي العليا' })
  district_ar: string;

  @ApiProperty({ type: [String], description: 'Absolute image URLs, in display order' })
  image_urls: string[];

  @ApiProperty({ type: [String] })
  ai_bullets_en: string[];

  @ApiProperty({ format: 'date-time', description: 'First publication' })
  listed_at: string;
}

export class PropertiesPageDto implements PropertiesPage {
  @ApiProperty({ type: [PropertyItemDto] })
  properties: PropertyItemDto[];

  @ApiProperty({ type: 'integer', description: 'Results returned, up to `limit`' })
  count: number;

  @ApiProperty({ type: 'integer', description: 'The offset asked for' })
  offset: number;
}

/** Who lists the property: the broker workspace's public name and badge. */
export class PropertyBrokerDto {
  @ApiProperty({ description: 'The workspace name' })
  name: string;

  @ApiProperty({ description: 'Its public page: GET /v1/brokers/{slug}' })
  slug: string;

  @ApiProperty({ description: 'The licence or register was approved by a moderator' })
  verified: boolean;
}

export class PropertyDetailDto extends PropertyItemDto implements PropertyDetail {
  @ApiProperty({ enum: ['property'] })
  object: 'property';

  @ApiProperty()
  description_en: string;

  @ApiProperty()
  description_ar: string;

  @ApiProperty({ type: [String] })
  ai_bullets_ar: string[];

  @ApiProperty({ type: Number, nullable: true })
  lat: number | null;

  @ApiProperty({ type: Number, nullable: true })
  lng: number | null;

  @ApiProperty({ type: PropertyBrokerDto, nullable: true, description: 'null for a listing of no broker workspace' })
  broker: PropertyBrokerDto | null;
}

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
    type: DecisionBenchmark,
    nullable: true,
    description: 'District + type for the latest year with enough sales, else city + type (`scope`), else null',
  })
  benchmark: DecisionBenchmark | null;

  @ApiProperty({ enum: PRICE_POSITIONS, nullable: true, description: 'null without a benchmark' })
  position: PricePosition | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Against the median, percent (negative: cheaper)' })
  vs_median_pct: number | null;
}

export class SavePropertyDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  property_id: string;
}

export class SavedPropertyDto implements SavedProperty {
  @ApiProperty({ enum: ['saved_property'] })
  object: 'saved_property';

  @ApiProperty({ format: 'date-time' })
  saved_at: string;

  @ApiProperty({ type: PropertyItemDto })
  property: PropertyItemDto;
}

export class SavedPropertiesPageDto extends PageDto(SavedPropertyDto) implements SavedPropertiesPage {}
