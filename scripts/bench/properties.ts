import { Client } from 'pg';

/** GET /v1/properties' bench: how many published listings, and a typical mix of searches over them. */
export const PROPERTY_LISTINGS = 100_000;

export const PROPERTY_PATHS = [
  '/v1/properties',
  '/v1/properties?city=Riyadh&type=apartment&min_price_sar=800000&max_price_sar=1500000',
  '/v1/properties?city=Jeddah&min_bedrooms=3&sort=price_asc',
  '/v1/properties?type=villa&sort=price_desc',
  '/v1/properties?city=Dubai&max_price_sar=2000000&min_area_sqm=100',
  '/v1/properties?city=Riyadh&q=metro',
  '/v1/properties?min_price_sar=1000000&max_bedrooms=2&sort=price_asc&offset=40',
  '/v1/properties?city=Dammam&type=office',
];

/** The searches that read the price history (EXPLAINed beside the mix, not part of it). */
export const PRICE_DROP_PATHS = [
  '/v1/properties?reduced=true',
  '/v1/properties?sort=price_drop',
  '/v1/properties?city=Riyadh&reduced=true&sort=price_drop',
];

/**
 * Gives every published listing its publication price 60 days ago (as the price-history
 * migration's backfill does) and one in `repricedEvery` a cut 10 days ago, half of those after
 * an older cut 45 days ago: the history GET /v1/properties?reduced=true and sort=price_drop read.
 */
export async function seedPriceChanges(databaseUrl: string, repricedEvery = 20): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO catalogue.listing_price_changes (listing_id, price_sar, changed_at)
       SELECT id, price_sar, now() - interval '60 days' FROM catalogue.listings WHERE status = 'published'
       UNION ALL
       SELECT id, price_sar * 1.05, now() - interval '45 days' FROM catalogue.listings
        WHERE status = 'published' AND abs(hashtext(id::text)) % ($1::int * 2) = 0
       UNION ALL
       SELECT id, price_sar * 0.9, now() - interval '10 days' FROM catalogue.listings
        WHERE status = 'published' AND abs(hashtext(id::text)) % $1::int = 0`,
      [repricedEvery],
    );
    await client.query('ANALYZE catalogue.listing_price_changes');
  } finally {
    await client.end();
  }
}

/** The cities of PROPERTY_PATHS, where listings go when none is published yet (English names as the gazetteer has them). */
const BENCH_CITIES = ['Riyadh', 'Jeddah', 'Dammam', 'Dubai'];

/**
 * Fills the catalogue with `count` published listings spread over the places of the listings
 * already published (the demo seed: Riyadh, Jeddah, Dammam, Dubai), in one statement, then
 * ANALYZEs the table so the planner sees the volume. With none published (distributed mode has
 * no demo seed), the places are the gazetteer's districts of BENCH_CITIES, in `workspaceId`'s
 * name (when given). Returns how many places were used (0: neither gave a place).
 */
export async function seedPublishedListings(databaseUrl: string, count: number, workspaceId?: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const inserted = await client.query<{ places: string }>(
      `WITH listed AS (
         SELECT DISTINCT ON (district_id) workspace_id, country_code, city_id, district_id,
                city_en, city_ar, district_en, district_ar, time_zone
           FROM catalogue.listings WHERE status = 'published' AND district_id IS NOT NULL
          ORDER BY district_id),
       gazetteer AS (
         SELECT $2::uuid AS workspace_id, c.country_code, c.id AS city_id, d.id AS district_id,
                c.name_en AS city_en, c.name_ar AS city_ar, d.name_en AS district_en, d.name_ar AS district_ar,
                CASE c.country_code WHEN 'AE' THEN 'Asia/Dubai' ELSE 'Asia/Riyadh' END AS time_zone
           FROM decision.districts d JOIN decision.cities c ON c.id = d.city_id
          WHERE $2::uuid IS NOT NULL AND c.name_en = ANY($3::text[]) AND NOT EXISTS (SELECT 1 FROM listed)),
       places AS (
         SELECT row_number() OVER (ORDER BY district_id) - 1 AS n, d.* FROM (
           SELECT * FROM listed UNION ALL SELECT * FROM gazetteer) d),
       total AS (SELECT count(*) AS c FROM places),
       added AS (
         INSERT INTO catalogue.listings (workspace_id, status, property_type, title_en, title_ar,
           description_en, description_ar, price, currency, price_sar, country_code, city_id, district_id,
           city_en, city_ar, district_en, district_ar, time_zone, area_sqm, bedrooms, bathrooms, listed_at)
         SELECT p.workspace_id, 'published', (ARRAY['apartment', 'villa', 'apartment', 'office', 'shop'])[1 + i % 5],
                'Bench home ' || i, 'منزل رقم ' || i,
                CASE WHEN i % 4 = 0 THEN 'Bright, close to schools and the metro.' ELSE 'Quiet street, parking.' END,
                CASE WHEN i % 4 = 0 THEN 'مشرق وقريب من المدارس والمترو.' ELSE 'شارع هادئ مع موقف.' END,
                400000 + (i % 400) * 10000, 'SAR', 400000 + (i % 400) * 10000, p.country_code, p.city_id,
                p.district_id, p.city_en, p.city_ar, p.district_en, p.district_ar, p.time_zone, 60 + i % 500,
                CASE WHEN i % 5 IN (3, 4) THEN NULL ELSE 1 + i % 6 END,
                CASE WHEN i % 5 IN (3, 4) THEN NULL ELSE 1 + i % 4 END,
                now() - i * interval '1 minute'
           FROM generate_series(1, $1::int) i JOIN places p ON p.n = i % (SELECT c FROM total)
         RETURNING 1)
       SELECT (SELECT c FROM total) AS places, (SELECT count(*) FROM added) AS rows`,
      [count, workspaceId ?? null, BENCH_CITIES],
    );
    await client.query('ANALYZE catalogue.listings');
    return Number(inserted.rows[0]?.places ?? 0);
  } finally {
    await client.end();
  }
}

/** GET /v1/properties/{id} over `count` published listings picked at random: the detail route's paths. */
export async function propertyDetailPaths(databaseUrl: string, count = 200): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM catalogue.listings TABLESAMPLE SYSTEM (5) WHERE status = 'published' LIMIT $1`,
      [count],
    );
    return rows.map(({ id }) => `/v1/properties/${id}`);
  } finally {
    await client.end();
  }
}
