import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import type ExcelJSModule from 'exceljs';
import { AppError } from '@app/errors';
import { IMPORT_FILE_FIELD } from '../../media/spooled-upload';

export type ImportFormat = 'csv' | 'xlsx';

/** A cell's value as read: text, a number, a boolean, or nothing. */
export type Cell = string | number | boolean | undefined;

/** One row of the sheet: its number (the header is row 1) and its cells, left to right. */
export interface SheetRow {
  row: number;
  cells: Cell[];
}

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

/**
 * CSV or XLSX by content, never by name: XLSX is a zip, CSV is UTF-8 text. Anything else
 * (an old .xls, a PDF, an image renamed) → 422 on `file`.
 */
export async function formatOf(path: string): Promise<{ format: ImportFormat; delimiter: string }> {
  const file = await open(path, 'r');
  const sample = Buffer.alloc(64 * 1024);
  const { bytesRead } = await file.read(sample, 0, sample.length, 0).finally(() => file.close());
  const head = sample.subarray(0, bytesRead);
  if (bytesRead === 0) throw badFile('The file is empty.');
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return { format: 'xlsx', delimiter: ',' };
  const text = utf8Text(head, bytesRead === sample.length);
  if (text === null || head.includes(0)) throw badFile('The file is neither CSV (UTF-8 text) nor XLSX.');
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return { format: 'csv', delimiter: sniffDelimiter(firstLine) };
}

/** The sample as text, or null when it is not UTF-8; a character cut at a partial sample's end is left out. */
function utf8Text(sample: Buffer, partial: boolean): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: partial });
  } catch {
    return null;
  }
}

/** Comma unless the header line holds more semicolons or tabs (spreadsheets in some locales export those). */
export function sniffDelimiter(firstLine: string): string {
  const count = (char: string) => firstLine.split(char).length - 1;
  return [',', ';', '\t'].reduce((best, char) => (count(char) > count(best) ? char : best), ',');
}

/** The rows of the file (the first worksheet of an XLSX), streamed; a malformed file → 422 on `file`. */
export async function* sheetRows(path: string, format: ImportFormat, delimiter: string): AsyncGenerator<SheetRow> {
  try {
    if (format === 'csv') yield* csvRows(path, delimiter);
    else yield* xlsxRows(path);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badFile(
      format === 'csv'
        ? `The CSV cannot be read: ${(err as Error).message}`
        : 'The XLSX cannot be read (a damaged or password-protected workbook?).',
    );
  }
}

async function* csvRows(path: string, delimiter: string): AsyncGenerator<SheetRow> {
  const parser = createReadStream(path).pipe(
    parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: false }),
  );
  let row = 0;
  for await (const record of parser as AsyncIterable<string[]>) yield { row: ++row, cells: record };
}

async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  // Loaded by the first XLSX import, not at start: exceljs is about 6 MB of heap that every gateway would
  // otherwise hold for a route few call (heap profile in docs/kubernetes.md#sizing).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ExcelJS = require('exceljs') as typeof ExcelJSModule;
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const worksheet of workbook) {
    for await (const row of worksheet) {
      // exceljs numbers cells from 1; values[0] is always empty.
      const values = row.values as unknown[];
      yield { row: row.number, cells: values.slice(1).map(cellValue) };
    }
    return; // the first worksheet only
  }
}

/** A cell as a plain value: rich text and hyperlinks as their text, formulas as their result. */
function cellValue(value: unknown): Cell {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return undefined;
  const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
  if (cell.richText) return cell.richText.map((part) => part.text).join('');
  if ('result' in cell) return cellValue(cell.result);
  if (cell.text !== undefined) return cellValue(cell.text);
  if (cell.error) return cell.error;
  return undefined;
}

export function badFile(message: string, details?: Record<string, unknown>): AppError {
  return new AppError('validation_error', message, { field: IMPORT_FILE_FIELD, ...(details ? { details } : {}) });
}
