import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LISTING_IMPORT_COLUMNS, LISTING_IMPORT_MAX_BYTES, LISTING_IMPORT_MAX_ROWS } from '@app/contracts';
import type { ImportRowError, ImportRowResult, ImportRowStatus, ListingImportReport } from '@app/contracts';

/** The import's shapes for the OpenAPI document. */
export class ImportRowErrorDto implements ImportRowError {
  @ApiProperty({ type: String, nullable: true, description: 'The column at fault; null when it is not one column' })
  field: string | null;

  @ApiProperty({
    description: 'The code POST /v1/listings would answer: `validation_error`, `invalid_state`, `conflict`…',
  })
  error: string;

  @ApiProperty()
  message: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'An unknown or ambiguous place: the places it may mean',
  })
  suggestions?: unknown[];
}

export class ImportRowResultDto implements ImportRowResult {
  @ApiProperty({ minimum: 2, description: 'The row number in the file; the header is row 1' })
  row: number;

  @ApiProperty({ enum: ['created', 'updated', 'failed'] })
  status: ImportRowStatus;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null when the row failed' })
  listing_id: string | null;

  @ApiProperty({ type: String, nullable: true })
  external_ref: string | null;

  @ApiProperty({ type: [ImportRowErrorDto], description: 'Empty unless the row failed' })
  errors: ImportRowErrorDto[];
}

export class ListingImportReportDto implements ListingImportReport {
  @ApiProperty({ enum: ['listing_import'] })
  object: 'listing_import';

  @ApiProperty({ enum: ['csv', 'xlsx'] })
  format: 'csv' | 'xlsx';

  @ApiProperty({ description: 'Data rows read (blank rows are skipped and not counted)' })
  rows: number;

  @ApiProperty()
  created: number;

  @ApiProperty()
  updated: number;

  @ApiProperty()
  failed: number;

  @ApiProperty({ type: [ImportRowResultDto], description: 'One entry per data row, in file order' })
  results: ImportRowResultDto[];
}

/** The multipart body of an import. */
export const IMPORT_UPLOAD_BODY = {
  required: true,
  schema: {
    type: 'object',
    required: ['file'],
    properties: {
      file: {
        type: 'string',
        format: 'binary',
        description:
          `CSV (UTF-8, comma, semicolon or tab separated) or XLSX (first worksheet), told apart by content; ` +
          `row 1 the header (columns: ${LISTING_IMPORT_COLUMNS.join(', ')}; any subset with property_type, any order); ` +
          `at most ${LISTING_IMPORT_MAX_ROWS} data rows and ${LISTING_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
      },
    },
  },
};
