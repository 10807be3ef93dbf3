import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Min,
  ValidateNested,
} from '@app/validation';
import { CreateListingBody } from './catalogue.contract';

/** Data rows one file may hold (the header row aside); a larger file is refused whole (413). */
export const LISTING_IMPORT_MAX_ROWS = 5000;
/** Bytes one file may hold. */
export const LISTING_IMPORT_MAX_BYTES = 32 * 1024 * 1024;
/** Rows per message, and the JSON size at which a batch goes early: under NATS' 1 MB message limit. */
export const LISTING_IMPORT_BATCH_ROWS = 200;
export const LISTING_IMPORT_BATCH_BYTES = 512 * 1024;

/** The template's columns, in its order; a file may hold any subset in any order (property_type required). */
export const LISTING_IMPORT_COLUMNS = [
  'external_ref',
  'property_type',
  'title_en',
  'title_ar',
  'description_en',
  'description_ar',
  'price',
  'currency',
  'city',
  'district',
  'city_id',
  'district_id',
  'area_sqm',
  'bedrooms',
  'bathrooms',
  'lat',
  'lng',
  'licence_number',
] as const;
export type ListingImportColumn = (typeof LISTING_IMPORT_COLUMNS)[number];

export class ImportListingRow {
  /** The row's number in the file, the header being row 1. */
  @IsInt()
  @Min(2)
  row: number;

  @IsDefined()
  @ValidateNested()
  @Type(() => CreateListingBody)
  listing: CreateListingBody;
}

export class ImportListingsRequest {
  @IsUUID()
  workspace_id: string;

  @IsOptional()
  @IsUUID()
  created_by?: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(LISTING_IMPORT_BATCH_ROWS)
  @ValidateNested({ each: true })
  @Type(() => ImportListingRow)
  rows: ImportListingRow[];
}

/** One problem with one row: the column it is about (null when not one column), the error code, why. */
export class ImportRowError {
  /** The column at fault; null when it is not one column */
  field: string | null;

  /** The code POST /v1/listings would answer: `validation_error`, `invalid_state`, `conflict`… */
  @IsString()
  error: string;

  /** Why, in a sentence */
  @IsString()
  message: string;

  /** An unknown or ambiguous place: the places it may mean */
  suggestions?: unknown[];
}

export const IMPORT_ROW_STATUSES = ['created', 'updated', 'failed'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export class ImportRowResult {
  /** The row number in the file; the header is row 1 */
  @IsInt()
  @Min(2)
  row: number;

  /** What became of the row */
  @IsIn(IMPORT_ROW_STATUSES)
  status: ImportRowStatus;

  /** The listing created or updated; null when the row failed */
  @IsOptional()
  @IsUUID()
  listing_id: string | null;

  /** The row's `external_ref`, when it had one */
  external_ref: string | null;

  /** Empty unless the row failed */
  errors: ImportRowError[];
}

export interface ImportListingsResponse {
  results: ImportRowResult[];
}

/** POST /v1/listings/import's answer. */
export class ListingImportReport {
  /** Always `listing_import` */
  @IsIn(['listing_import'])
  object: 'listing_import';

  /** The file's format, told from its content */
  @IsIn(['csv', 'xlsx'])
  format: 'csv' | 'xlsx';

  /** Data rows read (blank rows are skipped and not counted) */
  @IsInt()
  rows: number;

  /** Rows that created a listing */
  @IsInt()
  created: number;

  /** Rows that updated a listing (matched by `external_ref`) */
  @IsInt()
  updated: number;

  /** Rows that failed */
  @IsInt()
  failed: number;

  /** One entry per data row, in file order */
  results: ImportRowResult[];
}
