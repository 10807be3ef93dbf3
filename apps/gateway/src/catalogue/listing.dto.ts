import { ApiProperty } from '@nestjs/swagger';
import { COUNTRY_CODES, CURRENCIES, LISTING_FLAG_CODES, LISTING_STATUSES, LISTING_TYPES } from '@app/contracts';
import type {
  CountryCode,
  Currency,
  ListingDeletedResponse,
  ListingFlag,
  ListingFlagCode,
  ListingImageResponse,
  ListingResponse,
  ListingStatus,
  ListingTimeZone,
  ListingType,
  ListingsPageResponse,
} from '@app/contracts';
import { PageDto } from '../http/page.dto';

/** The listing shapes for the OpenAPI document (the shape is the contract's). */
class ListingFlagDto implements ListingFlag {
  [detail: string]: unknown;

  @ApiProperty({ enum: LISTING_FLAG_CODES })
  code: ListingFlagCode;

  @ApiProperty()
  message: string;
}

export class ListingImageDto implements ListingImageResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: '0-based order' })
  position: number;

  @ApiProperty({ description: 'Absolute URL of the display size' })
  url: string;

  @ApiProperty({ description: 'Absolute URL of the thumbnail' })
  thumbnail_url: string;

  @ApiProperty({ type: Number, nullable: true })
  width: number | null;

  @ApiProperty({ type: Number, nullable: true })
  height: number | null;
}

const nullableString = { type: String, nullable: true } as const;
const nullableNumber = { type: Number, nullable: true } as const;

export class ListingDto implements ListingResponse {
  @ApiProperty({ enum: ['listing'] })
  object: 'listing';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The owning workspace; null for a seller’s own listing',
  })
  workspace_id: string | null;

  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The seller account that owns it; null for a workspace’s listing',
  })
  seller_id: string | null;

  @ApiProperty({
    enum: LISTING_STATUSES,
    description:
      'draft → pending (submit) → published (approve) | rejected (reject, `rejection_reason`); ' +
      'published → rejected when a moderator unpublishes it (with a reason)',
  })
  status: ListingStatus;

  @ApiProperty({ enum: LISTING_TYPES })
  property_type: ListingType;

  @ApiProperty(nullableString)
  title_en: string | null;

  @ApiProperty(nullableString)
  title_ar: string | null;

  @ApiProperty(nullableString)
  description_en: string | null;

  @ApiProperty(nullableString)
  description_ar: string | null;

  @ApiProperty({ ...nullableNumber, description: 'In `currency`' })
  price: number | null;

  @ApiProperty({ enum: CURRENCIES })
  currency: Currency;

  @ApiProperty({ ...nullableNumber, description: 'The price in SAR (AED at the peg 1 USD = 3.75 SAR = 3.6725 AED)' })
  price_sar: number | null;

  @ApiProperty({ enum: COUNTRY_CODES, nullable: true })
  country_code: CountryCode | null;

  @ApiProperty(nullableNumber)
  city_id: number | null;

  @ApiProperty(nullableNumber)
  district_id: number | null;

  @ApiProperty(nullableString)
  city_en: string | null;

  @ApiProperty(nullableString)
  city_ar: string | null;

  @ApiProperty(nullableString)
  district_en: string | null;

  @ApiProperty(nullableString)
  district_ar: string | null;

  @ApiProperty({ enum: ['Asia/Riyadh', 'Asia/Dubai'], nullable: true })
  time_zone: ListingTimeZone | null;

  @ApiProperty(nullableNumber)
  area_sqm: number | null;

  @ApiProperty(nullableNumber)
  bedrooms: number | null;

  @ApiProperty(nullableNumber)
  bathrooms: number | null;

  @ApiProperty(nullableNumber)
  lat: number | null;

  @ApiProperty(nullableNumber)
  lng: number | null;

  @ApiProperty(nullableString)
  external_ref: string | null;

  @ApiProperty(nullableString)
  licence_number: string | null;

  @ApiProperty({ ...nullableString, description: 'Why moderation rejected it (while rejected)' })
  rejection_reason: string | null;

  @ApiProperty({
    type: [ListingFlagDto],
    description:
      'Automated pre-moderation findings at submit (price band, area, near-duplicate, licence); after a flagged edit ' +
      'of a published listing, `changed_after_publication` (with `changed`: the fields) first, then the findings',
  })
  flags: ListingFlagDto[];

  @ApiProperty({ type: [String], description: 'Three short bullets, written at publication' })
  ai_bullets_en: string[];

  @ApiProperty({ type: [String] })
  ai_bullets_ar: string[];

  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The developer project this listing was made from (POST /v1/projects/{id}/units/{unit_id}/listing)',
  })
  project_id: string | null;

  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'The project unit it was made from' })
  unit_id: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'First publication' })
  listed_at: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  submitted_at: string | null;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description:
      'When an edit after publication was flagged to moderators (the edit is live); null when nothing awaits review',
  })
  flagged_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;

  @ApiProperty({ type: [String], description: 'Absolute URLs of the display images, by position' })
  image_urls: string[];

  @ApiProperty({ type: [ListingImageDto] })
  images: ListingImageDto[];
}

export class ListingsPageDto extends PageDto(ListingDto) implements ListingsPageResponse {}

export class ListingDeletedDto implements ListingDeletedResponse {
  @ApiProperty({ enum: ['listing'] })
  object: 'listing';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}
