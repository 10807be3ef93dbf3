import { ApiProperty, OmitType, PickType } from '@nestjs/swagger';
import {
  COUNTRY_CODES,
  ListingImageResponse,
  CURRENCIES,
  PROJECT_STATUSES,
  PROJECT_UNIT_STATUSES,
  UNIT_TYPES,
} from '@app/contracts';
import type {
  CountryCode,
  Currency,
  ProjectDeletedResponse,
  ProjectImageDeletedResponse,
  ProjectResponse,
  ProjectStatus,
  ProjectUnitStatus,
  ProjectsPageResponse,
  PublicProjectResponse,
  PublicUnitResponse,
  UnitDeletedResponse,
  UnitResponse,
  UnitType,
  UnitsPageResponse,
} from '@app/contracts';
import { PageDto } from '../http/page.dto';

/** The project and unit shapes for the OpenAPI document (the shape is the contract's). */
const nullableString = { type: String, nullable: true } as const;
const nullableNumber = { type: Number, nullable: true } as const;

export class ProjectDto implements ProjectResponse {
  @ApiProperty({ enum: ['project'] })
  object: 'project';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  workspace_id: string;

  @ApiProperty()
  name_en: string;

  @ApiProperty()
  name_ar: string;

  @ApiProperty(nullableString)
  description_en: string | null;

  @ApiProperty(nullableString)
  description_ar: string | null;

  @ApiProperty({ enum: PROJECT_STATUSES })
  status: ProjectStatus;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  handover_date: string | null;

  @ApiProperty({ enum: COUNTRY_CODES })
  country_code: CountryCode;

  @ApiProperty()
  city_id: number;

  @ApiProperty()
  district_id: number;

  @ApiProperty()
  city_en: string;

  @ApiProperty()
  city_ar: string;

  @ApiProperty()
  district_en: string;

  @ApiProperty()
  district_ar: string;

  @ApiProperty({ ...nullableString, description: 'REGA off-plan sale licence (Saudi Arabia)' })
  rega_licence_number: string | null;

  @ApiProperty({ ...nullableString, description: 'DLD project number (Dubai)' })
  dld_project_number: string | null;

  @ApiProperty(nullableString)
  escrow_account_number: string | null;

  @ApiProperty()
  unit_count: number;

  @ApiProperty({ type: [String], description: 'Absolute URLs of the display images, by position' })
  image_urls: string[];

  @ApiProperty({ type: [ListingImageResponse] })
  images: ListingImageResponse[];

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class ProjectsPageDto extends PageDto(ProjectDto) implements ProjectsPageResponse {}

export class ProjectImageDeletedDto implements ProjectImageDeletedResponse {
  @ApiProperty({ enum: ['project_image'] })
  object: 'project_image';

  @ApiProperty()
  id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}

export class ProjectDeletedDto implements ProjectDeletedResponse {
  @ApiProperty({ enum: ['project'] })
  object: 'project';

  @ApiProperty()
  id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}

export class UnitDto implements UnitResponse {
  @ApiProperty({ enum: ['unit'] })
  object: 'unit';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  project_id: string;

  @ApiProperty(nullableString)
  unit_ref: string | null;

  @ApiProperty({ enum: UNIT_TYPES })
  unit_type: UnitType;

  @ApiProperty()
  area_sqm: number;

  @ApiProperty(nullableNumber)
  bedrooms: number | null;

  @ApiProperty(nullableNumber)
  floor: number | null;

  @ApiProperty()
  price: number;

  @ApiProperty({ enum: CURRENCIES })
  currency: Currency;

  @ApiProperty({ description: '`price` in SAR (AED at the peg)' })
  price_sar: number;

  @ApiProperty({ enum: PROJECT_UNIT_STATUSES })
  status: ProjectUnitStatus;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The listing made from this unit' })
  listing_id: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class UnitsPageDto extends PageDto(UnitDto) implements UnitsPageResponse {}

export class UnitDeletedDto implements UnitDeletedResponse {
  @ApiProperty({ enum: ['unit'] })
  object: 'unit';

  @ApiProperty()
  id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}

/** What a visitor sees of a unit: no project or listing ids of the workspace, no timestamps. */
export class PublicUnitDto
  extends PickType(UnitDto, [
    'id',
    'unit_ref',
    'unit_type',
    'status',
    'price',
    'currency',
    'price_sar',
    'area_sqm',
    'bedrooms',
    'floor',
  ] as const)
  implements PublicUnitResponse
{
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The unit's published listing (GET /v1/properties/{id}), or null",
  })
  property_id: string | null;
}

/** What a visitor sees of a project: no workspace or gazetteer ids, escrow account or timestamps. */
export class PublicProjectDto
  extends OmitType(ProjectDto, [
    'workspace_id',
    'city_id',
    'district_id',
    'escrow_account_number',
    'unit_count',
    'created_at',
    'updated_at',
  ] as const)
  implements PublicProjectResponse
{
  @ApiProperty({ type: [PublicUnitDto] })
  units: PublicUnitDto[];
}
