import { Client } from 'pg';
import { MATCH_SQL } from '../../apps/catalogue/src/saved-searches/saved-searches.repository';
import { readMemory } from './memory';
import { startStandalone } from './platforms';
import { seedPublishedListings } from './properties';
import { runBench, using } from './running';

/** The volumes: saved searches to match against, and publications to match. */
const SAVED_SEARCHES = 100_000;
const PUBLISHES = 1_000;

/** The partial indexes the matching statement walks (migration SavedSearches1769600000000). */
const MATCHING_INDEXES = ['saved_searches_districts_idx', 'saved_searches_city_idx', 'saved_searches_anywhere_idx'];

/**
 * `npm run bench:saved-searches`: `npm start`, 100,000 saved searches over the demo seed's places
 * (70 % a district, 28 % a city, 2 % anywhere; 95 % with a type, each with a price band of
 * 200,000-600,000 SAR, some with rooms, a word or `reduced`), then the matching statement a publication runs
 * (saved-searches.repository.ts `MATCH_SQL`: find, record, return the new matches), committed,
 * for each of 1,000 freshly published listings: first with the indexes, then, as the baseline in
 * the same run, with those indexes dropped (the same statement scanning every saved search).
 */
async function main(): Promise<void> {
  await using(await startStandalone(), async (platform) => {
    const client = new Client({ connectionString: platform.databaseUrl });
    await client.connect();
    try {
      await seedSavedSearches(client, SAVED_SEARCHES);
      const places = await seedPublishedListings(platform.databaseUrl, PUBLISHES);
      const listings = await client.query<{ id: string }>(
        `SELECT id FROM catalogue.listings WHERE title_en LIKE 'Bench home %' ORDER BY title_en`,
      );
      process.stdout.write(
        `${SAVED_SEARCHES} saved searches, ${listings.rows.length} publications over ${places} districts\n`,
      );
      const ids = listings.rows.map((row) => row.id);
      await matchEach(client, ids.slice(0, 20)); // warm the cache, as a running catalogue's is
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${MATCH_SQL}`, [
        ids[0],
        'price_drop',
        1,
      ]);
      process.stdout.write(
        `EXPLAIN (ANALYZE, BUFFERS), one publication with the indexes:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
      );
      await client.query(`DELETE FROM catalogue.saved_search_matches`);

      const indexed = await matchEach(client, ids);
      process.stdout.write(`${row('indexed', indexed)}\n`);
      await client.query(`DELETE FROM catalogue.saved_search_matches`);
      for (const index of MATCHING_INDEXES) await client.query(`DROP INDEX catalogue.${index}`);
      const scanned = await matchEach(client, ids);

      const memory = readMemory(platform.memoryGroups());
      process.stdout.write(
        `\nPer publication (ms)        p50      p95      mean   matches/publication\n` +
          `${row('indexed', indexed)}\n${row('baseline: no indexes', scanned)}\n` +
          `ratio (baseline p50 / indexed p50): ${(percentile(scanned.ms, 50) / percentile(indexed.ms, 50)).toFixed(1)}\n` +
          `same matches both ways: ${indexed.matches === scanned.matches}\n` +
          `\nResident memory after the runs:\n` +
          memory
            .map((m) => `  ${m.label}: RSS ${m.rssMb} MB, PSS ${m.pssMb} MB (${m.processes} processes)`)
            .join('\n') +
          `\n  bench process: RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB\n`,
      );
    } finally {
      await client.end();
    }
  });
}

interface Timings {
  ms: number[];
  matches: number;
}

/** Each listing's matching statement as its own committed transaction, as a publication runs it. */
async function matchEach(client: Client, listingIds: string[]): Promise<Timings> {
  const ms: number[] = [];
  let matches = 0;
  for (const id of listingIds) {
    const started = process.hrtime.bigint();
    await client.query('BEGIN');
    const found = await client.query(MATCH_SQL, [id, 'published', 0]);
    await client.query('COMMIT');
    ms.push(Number(process.hrtime.bigint() - started) / 1e6);
    matches += found.rowCount ?? 0;
  }
  return { ms, matches };
}

/**
 * Saved searches spread over the places of the published listings (the demo seed's districts in
 * Riyadh, Jeddah, Dammam and Dubai), in one statement, then ANALYZE.
 */
async function seedSavedSearches(client: Client, count: number): Promise<void> {
  await client.query(
    `WITH places AS (
       SELECT row_number() OVER (ORDER BY district_id) - 1 AS n, city_id, district_id FROM (
         SELECT DISTINCT ON (district_id) city_id, district_id FROM catalogue.listings
          WHERE status = 'published' AND district_id IS NOT NULL ORDER BY district_id) d),
     total AS (SELECT count(*) AS c FROM places)
     INSERT INTO catalogue.saved_searches (account_id, name, frequency, query, city_id, district_ids, property_type,
       min_price_sar, max_price_sar, min_bedrooms, text_patterns, reduced)
     SELECT gen_random_uuid(), 'Bench search ' || i, (ARRAY['instant', 'daily', 'weekly'])[1 + i % 3], '{}'::jsonb,
            CASE WHEN i % 50 < 49 THEN p.city_id END,
            CASE WHEN i % 50 < 35 THEN ARRAY[p.district_id] END,
            CASE WHEN i % 20 < 19 THEN (ARRAY['apartment', 'villa', 'apartment', 'office', 'shop'])[1 + i % 5] END,
            300000 + (i * 7 % 41) * 100000,
            300000 + (i * 7 % 41) * 100000 + 200000 + (i % 5) * 100000,
            CASE WHEN i % 10 < 3 THEN 1 + i % 4 END,
            CASE WHEN i % 33 = 0 THEN ARRAY['%metro%'] END,
            i % 100 = 0
       FROM generate_series(1, $1::int) i JOIN places p ON p.n = i % (SELECT c FROM total)`,
    [count],
  );
  await client.query('ANALYZE catalogue.saved_searches');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function row(label: string, timings: Timings): string {
  const mean = timings.ms.reduce((sum, value) => sum + value, 0) / timings.ms.length;
  const cells = [percentile(timings.ms, 50), percentile(timings.ms, 95), mean].map((v) => v.toFixed(2).padStart(8));
  return `${label.padEnd(22)}${cells.join(' ')}   ${(timings.matches / timings.ms.length).toFixed(1).padStart(8)}`;
}

runBench('bench:saved-searches', main);
