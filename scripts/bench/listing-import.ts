import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { LISTING_IMPORT_MAX_ROWS } from '@app/contracts';
import type { ListingImportReport } from '@app/contracts';
import { readMemory } from './memory';
import { startStandalone } from './platforms';
import type { Platform } from './platforms';

/**
 * `npm run bench:import`: one request importing 5,000 listings (the cap) through `npm start`,
 * as CSV and as XLSX, first creating, then re-importing (every row an update). Prints the
 * time of each request and the standalone process's resident memory: idle before, and the
 * peak sampled every 10 ms during the request.
 */
const ROWS = LISTING_IMPORT_MAX_ROWS;
const PLACES = [
  ['Riyadh', 'Al Olaya'],
  ['الرياض', 'العليا'],
  ['Jeddah', 'Ar Rawdah'],
  ['Dubai', 'Dubai Marina'],
] as const;
const HEADER = [
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
  'area_sqm',
  'bedrooms',
  'bathrooms',
  'licence_number',
];

function row(i: number): (string | number)[] {
  const [city, district] = PLACES[i % PLACES.length];
  const dubai = city === 'Dubai';
  return [
    `BENCH-${i}`,
    i % 5 === 0 ? 'villa' : 'apartment',
    `Apartment ${i} with a view`,
    `شقة رقم ${i} بإطلالة جميلة`,
    'Bright, renovated, close to schools and the metro. '.repeat(4),
    'مشرقة ومجددة وقريبة من المدارس والمترو. '.repeat(4),
    900_000 + (i % 400) * 2_500,
    dubai ? 'AED' : 'SAR',
    city,
    district,
    90 + (i % 200),
    1 + (i % 5),
    1 + (i % 3),
    dubai ? '71234567' : `72${String(i).padStart(8, '0')}`,
  ];
}

async function writeCsv(file: string): Promise<void> {
  const out = createWriteStream(file);
  const line = (cells: (string | number)[]) => cells.map((c) => (/[",\n]/.test(String(c)) ? `"${c}"` : c)).join(',');
  out.write(`${line(HEADER)}\n`);
  for (let i = 0; i < ROWS; i++) if (!out.write(`${line(row(i))}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

async function writeXlsx(file: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Listings');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await workbook.commit();
}

async function importOnce(platform: Platform, apiKey: string, file: string, name: string): Promise<void> {
  const rss = () => readMemory(platform.memoryGroups())[0].rssMb;
  const idle = rss();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
  const form = new FormData();
  form.append('file', await openAsBlob(file), name);
  const started = performance.now();
  const res = await fetch(`${platform.baseUrl}/v1/listings/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}` },
    body: form,
  });
  const body = (await res.json()) as ListingImportReport;
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
  process.stdout.write(
    `${name} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MiB, ${body.rows} rows): ${(elapsed / 1000).toFixed(1)} s ` +
      `(${Math.round(body.rows / (elapsed / 1000))} rows/s); created ${body.created}, updated ${body.updated}, ` +
      `failed ${body.failed}; standalone RSS idle ${idle} MiB, peak ${peak} MiB (+${(peak - idle).toFixed(0)})\n`,
  );
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  const platform = await startStandalone();
  try {
    const csv = path.join(folder, 'listings.csv');
    const xlsx = path.join(folder, 'listings.xlsx');
    await writeCsv(csv);
    await writeXlsx(xlsx);
    const apiKey = await platform.apiKey();
    process.stdout.write(`Node ${process.version}; one request per line, ${ROWS} rows each\n`);
    await importOnce(platform, apiKey, csv, 'listings.csv');
    await importOnce(platform, apiKey, csv, 'listings.csv'); // re-import: every row updates
    await importOnce(platform, apiKey, xlsx, 'listings.xlsx'); // same external_refs: updates again
  } finally {
    await platform.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
