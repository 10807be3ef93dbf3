import { createReadStream, openSync, readSync, closeSync } from 'node:fs';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import type { Options } from 'csv-parse';
import { createRowReader, PLAIN_COLUMNS } from './transaction-formats';
import type { RowReader } from './transaction-formats';
import type { RowOutcome, TransactionFormat } from './transaction.types';

/** Comma unless the header line holds more semicolons or tabs (spreadsheet exports). */
export function sniffDelimiter(firstLine: string): string {
  const count = (char: string) => firstLine.split(char).length - 1;
  return [',', ';', '\t'].reduce((best, char) => (count(char) > count(best) ? char : best), ',');
}

function csvOptions(sample: string): Options {
  const firstLine = sample.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return {
    bom: true,
    delimiter: sniffDelimiter(firstLine),
    relax_column_count: true,
    skip_empty_lines: true,
  };
}

function readerFor(header: string[] | undefined, source: string): RowReader {
  const reader = header ? createRowReader(header) : undefined;
  if (!reader) {
    throw new Error(
      `${source}: unrecognised header row. Expected a DLD export (Dubai Pulse or dubailand.gov.ae), ` +
        `the MoJ file (Arabic headers) or the plain CSV (${PLAIN_COLUMNS.join(',')})`,
    );
  }
  return reader;
}

/** A whole CSV held in memory (tests, small files): the format and every row's outcome. */
export function readTransactionsText(
  text: string,
  source = 'input',
): { format: TransactionFormat; outcomes: RowOutcome[] } {
  const records: string[][] = parseSync(text, csvOptions(text.slice(0, 65_536)));
  const [header, ...rows] = records;
  const reader = readerFor(header, source);
  return { format: reader.format, outcomes: rows.map((row) => reader.read(row)) };
}

/** A CSV file streamed row by row (the MoJ file has over a million rows). */
export async function openTransactionsFile(
  path: string,
): Promise<{ format: TransactionFormat; outcomes: AsyncIterable<RowOutcome> }> {
  const sample = Buffer.alloc(65_536);
  const fd = openSync(path, 'r');
  const length = readSync(fd, sample, 0, sample.length, 0);
  closeSync(fd);
  const parser = createReadStream(path).pipe(parse(csvOptions(sample.subarray(0, length).toString('utf8'))));
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const first = await records.next();
  let reader: RowReader;
  try {
    reader = readerFor(first.done ? undefined : first.value, path);
  } catch (err) {
    parser.destroy();
    throw err;
  }
  return {
    format: reader.format,
    outcomes: (async function* () {
      for (let next = await records.next(); !next.done; next = await records.next()) yield reader.read(next.value);
    })(),
  };
}
