import { Client } from 'pg';
import { searchQuery } from '../../apps/catalogue/src/properties/properties.repository';
import { SearchPropertiesRequest } from '@app/contracts';
import { searchQueryOf } from './search-query';
import { startStandalone } from './platforms';
import {
  PRICE_DROP_PATHS,
  PROPERTY_LISTINGS,
  PROPERTY_PATHS,
  seedPriceChanges,
  seedPublishedListings,
} from './properties';
import { runBench, using } from './running';

/**
 * `npm run bench:properties-explain`: `npm start` with 100,000 published listings (as
 * `npm run bench` fills it), then EXPLAIN (ANALYZE, BUFFERS) of GET /v1/properties' statement
 * for each search of the bench's mix and the price-history searches: the evidence for the
 * indexes in docs/catalogue.md.
 */
async function main(): Promise<void> {
  await using(await startStandalone(), async (platform) => {
    await seedPublishedListings(platform.databaseUrl, PROPERTY_LISTINGS);
    await seedPriceChanges(platform.databaseUrl);
    const client = new Client({ connectionString: platform.databaseUrl });
    await client.connect();
    try {
      const cities = await client.query<{ name: string; city_id: string }>(
        `SELECT DISTINCT lower(city_en) AS name, city_id FROM catalogue.listings WHERE status = 'published'`,
      );
      for (const path of [...PROPERTY_PATHS, ...PRICE_DROP_PATHS]) {
        const filters = await searchQueryOf(new URL(path, 'http://x').searchParams);
        const city = filters.city?.toLowerCase();
        const city_ids =
          city === undefined ? undefined : cities.rows.filter((c) => c.name === city).map((c) => Number(c.city_id));
        const request = Object.assign(new SearchPropertiesRequest(), filters, { city_ids });
        // sort=price_drop without reduced is two statements: the drops, then the undropped rest.
        const statements =
          request.sort === 'price_drop' && !request.reduced
            ? [
                searchQuery({ ...request, reduced: true }),
                searchQuery({ ...request, sort: 'newest' }, { undropped: true }),
              ]
            : [searchQuery(request)];
        for (const [n, { sql, params }] of statements.entries()) {
          await client.query(sql, params); // warm the cache as the bench's load does
          const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
          const title = statements.length > 1 ? `${path} (statement ${n + 1})` : path;
          process.stdout.write(`\n### GET ${title}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
        }
      }
    } finally {
      await client.end();
    }
  });
}

runBench('bench:properties-explain', main);
