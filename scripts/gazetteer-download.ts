import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The published Saudi gazetteer (regions, cities, districts in Arabic and English; GPL-2.0
 * data, see ../shared/data/locations/README.md), pinned to one upstream commit with a SHA-256
 * per file. Fetched only when asked (`npm run import:locations -- --download`): never at
 * start, never in tests (they serve the same files from a local server).
 */
export const SAUDI_GAZETTEER_COMMIT = '7e322945fa9f6d696a54ba3e9038e0e750e9692d';
export const SAUDI_GAZETTEER_URL = `https://raw.githubusercontent.com/homaily/Saudi-Arabia-Regions-Cities-and-Districts/${SAUDI_GAZETTEER_COMMIT}/json`;

const FILES: Record<string, string> = {
  'regions_lite.json': '66c7afbb291ac9ba140444e7796e83d8c5a1c4720d6f1e9f87a038ebdc7e3cf7',
  'cities_lite.json': 'faf7a041c454b9cc8ee85e761974f92563170e152e7de4d14928f7e4fe723678',
  'districts_lite.json': '87a7540013e0f57d679a4a642994502711107dfae296f6c4badb6f293b7ff679',
};

/** Downloads every file, checks each checksum, and returns a folder in the Saudi format; throws before anything is imported. */
export async function downloadSaudiGazetteer(baseUrl: string, log: (line: string) => void): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saudi-gazetteer-'));
  for (const [file, expected] of Object.entries(FILES)) {
    const url = `${baseUrl.replace(/\/$/, '')}/${file}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}; nothing imported.`);
    const body = Buffer.from(await res.arrayBuffer());
    const actual = createHash('sha256').update(body).digest('hex');
    if (actual !== expected)
      throw new Error(`${file}: checksum mismatch (expected ${expected}, got ${actual}); nothing imported.`);
    fs.writeFileSync(path.join(dir, file), body);
    log(`${file}: ${body.length} bytes, sha256 verified\n`);
  }
  return dir;
}
