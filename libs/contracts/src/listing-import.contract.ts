import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsInt,
  IsOptional,
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
export interface ImportRowError {
  field: string | null;
  error: string;
  message: string;
  /** An unknown or ambiguous place: the names it may have meant. */
  suggestions?: unknown[];
}

export type ImportRowStatus = 'created' | 'updated' | 'failed';

export interface ImportRowResult {
  row: number;
  status: ImportRowStatus;
  /** The listing created or updated; null when the row failed. */
  listing_id: string | null;
  external_ref: string | null;
  errors: ImportRowError[];
}

export interface ImportListingsResponse {
  results: ImportRowResult[];
}

/** POST /v1/listings/import's answer. */
export interface ListingImportReport {
  object: 'listing_import';
  format: 'csv' | 'xlsx';
  /** Data rows read (blank rows are skipped and not counted). */
  rows: number;
  created: number;
  updated: number;
  failed: number;
  /** One entry per data row, in file order. */
  results: ImportRowResult[];
}
