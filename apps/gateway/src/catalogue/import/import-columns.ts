import { plainToInstance } from 'class-transformer';
import { CreateListingBody, LISTING_IMPORT_COLUMNS } from '@app/contracts';
import type { ImportRowError, ListingImportColumn } from '@app/contracts';
import { flattenValidationErrors } from '@app/errors';
import { validateSync } from '@app/validation';
import { badFile } from './import-sheet';
import type { Cell } from './import-sheet';

const KNOWN = new Set<string>(LISTING_IMPORT_COLUMNS);
const NUMERIC = new Set<ListingImportColumn>([
  'price',
  'area_sqm',
  'lat',
  'lng',
  'city_id',
  'district_id',
  'bedrooms',
  'bathrooms',
]);

/**
 * The header row → the column each cell position holds (null: a blank header over an empty
 * column). Names are matched trimmed and case-insensitively; an unknown or repeated name, or
 * no property_type, refuses the whole file before anything is created.
 */
export function headerColumns(cells: Cell[]): (ListingImportColumn | null)[] {
  const names = cells.map((cell) =>
    String(cell ?? '')
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const unknown = names.filter((name) => name !== '' && !KNOWN.has(name));
  if (unknown.length > 0) {
    throw badFile(`Unknown column ${unknown.map((n) => `"${n}"`).join(', ')}: use the template's columns.`, {
      unknown_columns: unknown,
      columns: LISTING_IMPORT_COLUMNS,
    });
  }
  const repeated = names.filter((name, i) => name !== '' && names.indexOf(name) !== i);
  if (repeated.length > 0) {
    throw badFile(`Column "${repeated[0]}" appears more than once.`, { repeated_columns: [...new Set(repeated)] });
  }
  if (!names.includes('property_type')) {
    throw badFile('The header row has no property_type column (row 1 must be the header).', {
      missing_columns: ['property_type'],
      columns: LISTING_IMPORT_COLUMNS,
    });
  }
  return names.map((name) => (name === '' ? null : (name as ListingImportColumn)));
}

export function isBlankRow(cells: Cell[]): boolean {
  return cells.every((cell) => cell === undefined || String(cell).trim() === '');
}

export type RowOutcome =
  { listing: CreateListingBody; errors?: undefined } | { listing?: undefined; errors: ImportRowError[] };

/**
 * One data row → the POST /v1/listings body it stands for, checked as that route checks it.
 * An empty cell is an absent field; numbers may use Arabic-Indic digits and thousands commas.
 */
export function listingFromRow(columns: (ListingImportColumn | null)[], cells: Cell[]): RowOutcome {
  const fields: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    const value = cells[i];
    if (column === null || value === undefined || String(value).trim() === '') return;
    fields[column] = NUMERIC.has(column) ? numberOf(value) : typeof value === 'string' ? value.trim() : String(value);
  });
  const listing = plainToInstance(CreateListingBody, fields);
  const problems = flattenValidationErrors(validateSync(listing, { whitelist: true, forbidNonWhitelisted: true }));
  if (problems.length === 0) return { listing };
  const errors = problems
    .filter((problem, i) => problems.findIndex((p) => p.field === problem.field) === i) // one per column
    .map((problem) => ({
      field: problem.field,
      error: 'validation_error',
      message: problem.constraint === 'isDefined' ? `${problem.field} is required` : problem.message,
    }));
  return { errors };
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** A number when the cell reads as one; otherwise the text, for the validator to name the problem. */
export function numberOf(value: string | number | boolean): unknown {
  if (typeof value === 'number') return value;
  const text = String(value)
    .trim()
    .replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(/\u066B/g, '.') // Arabic decimal separator
    .replace(/\u066C/g, ','); // Arabic thousands separator
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
}
