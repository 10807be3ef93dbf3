import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import {
  CURRENCIES,
  CreateProjectBody,
  CreateUnitBody,
  PROJECT_SORTS,
  PROJECT_STATUSES,
  PROJECT_UNIT_STATUSES,
  UNIT_TYPES,
} from '@app/contracts';
import type { Currency, ProjectSort, ProjectStatus, ProjectUnitStatus, UnitType } from '@app/contracts';
import { PageQueryDto } from '../http/page-query.dto';

/*
 * Request bodies for the OpenAPI document; validation is the contract classes' (the catalogue
 * checks them again). `declare` documents the inherited fields without redefining them.
 */

const PLACE =
  'Place, one of: `district_id`; `city_id` + `district`; `city` + `district` (as listings; unknown or ambiguous → 422 with `field` and `suggestions`). Required on create.';

export class CreateProjectDto extends CreateProjectBody {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  declare name_en: string;

  @ApiProperty({ minLength: 1, maxLength: 200, description: 'Arabic name, stored and returned exactly' })
  declare name_ar: string;

  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: 5000 })
  declare description_en?: string;

  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: 5000 })
  declare description_ar?: string;

  @ApiPropertyOptional({ type: Number, minimum: 1, description: PLACE })
  declare district_id?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, description: 'With `district`' })
  declare city_id?: number;

  @ApiPropertyOptional({ type: String, minLength: 2, maxLength: 100, description: 'City, Arabic or English' })
  declare city?: string;

  @ApiPropertyOptional({ type: String, minLength: 2, maxLength: 100, description: 'District, Arabic or English' })
  declare district?: string;

  @ApiPropertyOptional({ enum: PROJECT_STATUSES, default: 'off_plan' })
  declare status?: ProjectStatus;

  @ApiPropertyOptional({ type: String, format: 'date', example: '2027-06-30' })
  declare handover_date?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: '^[0-9]{1,20}$',
    description: 'Saudi projects only: the REGA off-plan sale (Wafi) licence number (a Dubai project: 422)',
  })
  declare rega_licence_number?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: '^[0-9]{1,20}$',
    description: 'Dubai projects only: the DLD project number (a Saudi project: 422)',
  })
  declare dld_project_number?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: '^[A-Za-z0-9-]{4,40}$',
    description: 'The escrow account (Wafi escrow in Saudi Arabia, DLD-registered in Dubai)',
  })
  declare escrow_account_number?: string;
}

/** Any subset of the create body's fields. */
export class UpdateProjectDto extends PartialType(CreateProjectDto) {}

export class ListProjectsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: PROJECT_SORTS,
    default: 'newest',
    description: '`name_ar` sorts by the Arabic name as Arabic readers expect (ICU collation)',
  })
  @IsOptional()
  @IsIn(PROJECT_SORTS)
  sort?: ProjectSort;
}

export class CreateUnitDto extends CreateUnitBody {
  @ApiPropertyOptional({
    type: String,
    minLength: 1,
    maxLength: 50,
    description: 'Your reference, unique in the project (409 `conflict`)',
  })
  declare unit_ref?: string;

  @ApiProperty({ enum: UNIT_TYPES })
  declare unit_type: UnitType;

  @ApiProperty({ type: Number, exclusiveMinimum: true, minimum: 0, maximum: 10_000_000 })
  declare area_sqm: number;

  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: 50, description: 'Not for land (422)' })
  declare bedrooms?: number;

  @ApiPropertyOptional({ type: Number, minimum: -10, maximum: 300 })
  declare floor?: number;

  @ApiProperty({ type: Number, exclusiveMinimum: true, minimum: 0, maximum: 100_000_000_000 })
  declare price: number;

  @ApiPropertyOptional({
    enum: CURRENCIES,
    description: "Default: the project's country's (SAR in Saudi Arabia, AED in the UAE); price_sar at the peg",
  })
  declare currency?: Currency;

  @ApiPropertyOptional({
    enum: PROJECT_UNIT_STATUSES,
    default: 'available',
    description: 'available ⇄ reserved → sold; sold is final (409 `invalid_state`)',
  })
  declare status?: ProjectUnitStatus;
}

export class UpdateUnitDto extends PartialType(CreateUnitDto) {}

export class ListUnitsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: PROJECT_UNIT_STATUSES })
  @IsOptional()
  @IsIn(PROJECT_UNIT_STATUSES)
  status?: ProjectUnitStatus;
}
