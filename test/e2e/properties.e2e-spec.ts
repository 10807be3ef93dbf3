import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { addListingImage } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { createAccount, createWorkspace } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

interface Place {
  city_id: number;
  city_en: string;
  city_ar: string;
  district_id: number;
  district_en: string;
  district_ar: string;
}

interface Row {
  id: string;
  status: 'draft' | 'pending' | 'published' | 'rejected';
  property_type: 'apartment' | 'villa' | 'land' | 'shop' | 'office';
  title_en: string;
  title_ar: string;
  price_sar: number;
  area_sqm: number;
  bedrooms: number | null;
  place: Place;
  listed_at: string;
}

const TYPES = ['apartment', 'villa', 'land', 'shop', 'office'] as const;
const STATUSES = ['draft', 'pending', 'published', 'published', 'rejected'] as const;

/** A small deterministic generator, so a failure reproduces. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describeE2e('GET /v1/properties (public search)', () => {
  let platform: Platform;
  let rows: Row[];
  let places: Place[];

  beforeAll(async () => {
    platform = await startPlatform({ env: { DEMO_TRANSACTIONS: 'true' } }); // benchmarks for price intel
    const workspace = await createWorkspace(platform);
    places = await withClient(platform.databaseUrl, async (client) => {
      const { rows: found } = await client.query<Place>(
        `SELECT DISTINCT ON (c.id) c.id::float8 AS city_id, c.name_en AS city_en, c.name_ar AS city_ar,
                d.id::float8 AS district_id, d.name_en AS district_en, d.name_ar AS district_ar
           FROM decision.cities c JOIN decision.districts d ON d.city_id = c.id
          WHERE c.name_en IN ('Riyadh', 'Jeddah', 'Dammam', 'Dubai') ORDER BY c.id, d.id`,
      );
      return found;
    });
    expect(places.length).toBe(4);
    const random = prng(42);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    rows = Array.from({ length: 120 }, (_, i) => {
      const type = pick(TYPES);
      return {
        id: randomUUID(),
        status: pick(STATUSES),
        property_type: type,
        title_en: `${type} ${i} ${i % 7 === 0 ? 'near the school' : 'with a view'}`,
        title_ar: i % 7 === 0 ? `عقار ${i} قرب المدرسة` : `عقار ${i} بإطلالة`,
        price_sar: Math.round(200_000 + random() * 5_000_000),
        area_sqm: Math.round(60 + random() * 900),
        bedrooms: type === 'land' || type === 'shop' || type === 'office' ? null : Math.floor(random() * 7),
        place: pick(places),
        // Some share a publication time, so the id breaks the tie.
        listed_at: new Date(Date.UTC(2026, 9, 1 + Math.floor(i / 3))).toISOString(),
      };
    });
    await withClient(platform.databaseUrl, async (client) => {
      for (const row of rows)
        await client.query(
          `INSERT INTO catalogue.listings (id, workspace_id, status, property_type, title_en, title_ar,
             description_en, description_ar, price, currency, price_sar, country_code, city_id, district_id,
             city_en, city_ar, district_en, district_ar, area_sqm, bedrooms, listed_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'Described.', 'وصف.', $7, 'SAR', $7, 'SA', $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
          [
            row.id,
            workspace.id,
            row.status,
            row.property_type,
            row.title_en,
            row.title_ar,
            row.price_sar,
            row.place.city_id,
            row.place.district_id,
            row.place.city_en,
            row.place.city_ar,
            row.place.district_en,
            row.place.district_ar,
            row.area_sqm,
            row.bedrooms,
            row.status === 'published' ? row.listed_at : null,
          ],
        );
    });
    await addListingImage(platform, rows.find((row) => row.status === 'published')!.id);
  });

  afterAll(() => platform.close());

  const search = (query: Record<string, string | number>) =>
    request(platform.baseUrl)
      .get('/v1/properties')
      .query(query)
      .expect(200)
      .then((res) => res.body as { properties: { id: string }[]; count: number; offset: number });

  /** The same search, by brute force over the generated rows. */
  function expected(filter: (row: Row) => boolean, sort = 'newest', limit = 20, offset = 0): string[] {
    const order: Record<string, (a: Row, b: Row) => number> = {
      newest: (a, b) => b.listed_at.localeCompare(a.listed_at) || a.id.localeCompare(b.id),
      price_asc: (a, b) => a.price_sar - b.price_sar || a.id.localeCompare(b.id),
      price_desc: (a, b) => b.price_sar - a.price_sar || a.id.localeCompare(b.id),
    };
    return rows
      .filter((row) => row.status === 'published' && filter(row))
      .sort(order[sort])
      .slice(offset, offset + limit)
      .map((row) => row.id);
  }

  it('should return exactly the published listings the brute force finds when filters are combined', async () => {
    const riyadh = places.find((place) => place.city_en === 'Riyadh')!;
    const cases: [Record<string, string | number>, (row: Row) => boolean][] = [
      [{}, () => true],
      [{ limit: 50 }, () => true],
      [{ type: 'villa' }, (r) => r.property_type === 'villa'],
      [{ min_price_sar: 1_000_000, max_price_sar: 3_000_000 }, (r) => r.price_sar >= 1e6 && r.price_sar <= 3e6],
      [{ min_bedrooms: 2, max_bedrooms: 4 }, (r) => r.bedrooms !== null && r.bedrooms >= 2 && r.bedrooms <= 4],
      [{ min_area_sqm: 300, max_area_sqm: 700 }, (r) => r.area_sqm >= 300 && r.area_sqm <= 700],
      [{ city: 'Riyadh' }, (r) => r.place.city_id === riyadh.city_id],
      [
        { city: 'الرياض', type: 'apartment' },
        (r) => r.place.city_id === riyadh.city_id && r.property_type === 'apartment',
      ],
      [{ district: riyadh.district_en }, (r) => r.place.district_id === riyadh.district_id],
      [{ q: 'school' }, (r) => r.title_en.includes('school')],
      [{ q: 'مدرسه' }, (r) => r.title_ar.includes('المدرسة')], // ة folded to ه
    ];
    for (const [query, filter] of cases) {
      for (const sort of ['newest', 'price_asc', 'price_desc']) {
        const limit = Number(query.limit ?? 20);
        const page = await search({ ...query, sort });
        expect({ query, sort, ids: page.properties.map((p) => p.id) }).toEqual({
          query,
          sort,
          ids: expected(filter, sort, limit),
        });
        expect(page.count).toBe(page.properties.length);
      }
    }
  });

  it('should find the same city when it is written Jiddah, Jeddah or جدة', async () => {
    const jeddah = places.find((place) => place.city_en === 'Jeddah')!;
    const want = expected((r) => r.place.city_id === jeddah.city_id, 'newest', 50);
    expect(want.length).toBeGreaterThan(0);
    for (const city of ['Jiddah', 'jeddah', 'جدة', 'جده'])
      expect((await search({ city, limit: 50 })).properties.map((p) => p.id)).toEqual(want);
  });

  it('should page without gaps or repeats in a stable order when offset advances', async () => {
    const all = expected(() => true, 'newest', 1000);
    const seen: string[] = [];
    for (let offset = 0; offset < all.length; offset += 7) {
      const page = await search({ limit: 7, offset });
      expect(page.offset).toBe(offset);
      seen.push(...page.properties.map((p) => p.id));
    }
    expect(seen).toEqual(all);
  });

  it('should answer no results, not an error, when the city is unknown', async () => {
    expect((await search({ city: 'Atlantis' })).properties).toEqual([]);
  });

  it('should answer 400 invalid_param naming the parameter when a value is bad', async () => {
    const bad: [Record<string, string>, string][] = [
      [{ limit: '0' }, 'limit'],
      [{ limit: '51' }, 'limit'],
      [{ offset: '-1' }, 'offset'],
      [{ offset: '99999999999999999999' }, 'offset'],
      [{ min_price_sar: 'cheap' }, 'min_price_sar'],
      [{ max_bedrooms: '2.5' }, 'max_bedrooms'],
      [{ type: 'castle' }, 'type'],
      [{ sort: 'random' }, 'sort'],
      [{ city: 'R' }, 'city'],
      [{ colour: 'blue' }, 'colour'],
    ];
    for (const [query, field] of bad) {
      const res = await request(platform.baseUrl).get('/v1/properties').query(query).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_param', field });
    }
  });

  it('should show a published property in both languages with absolute image URLs when asked by id', async () => {
    const published = rows.find((row) => row.status === 'published')!;
    const res = await request(platform.baseUrl).get(`/v1/properties/${published.id}`).expect(200);
    expect(res.body).toMatchObject({
      object: 'property',
      id: published.id,
      title_ar: published.title_ar,
      city_ar: published.place.city_ar,
      description_ar: 'وصف.',
      price_sar: published.price_sar,
    });
    expect(res.body.image_urls[0]).toMatch(/^https?:\/\/.+\/v1\/images\/listings\//);
  });

  it('should answer 404 property_not_found when the property is unpublished, unknown or not an id', async () => {
    const hidden = rows.filter((row) => row.status !== 'published').map((row) => row.id);
    for (const id of [...hidden.slice(0, 5), randomUUID(), 'not-an-id']) {
      const res = await request(platform.baseUrl).get(`/v1/properties/${id}`).expect(404);
      expect(res.body).toMatchObject({ error: 'property_not_found', code: 'NOT_FOUND' });
    }
  });

  it('should place a published price on its benchmark, free, when price intel is asked', async () => {
    const published = rows.find((row) => row.status === 'published' && row.property_type === 'apartment')!;
    const res = await request(platform.baseUrl).get(`/v1/properties/${published.id}/price-intel`).expect(200);
    expect(res.body).toMatchObject({
      object: 'price_intel',
      property_id: published.id,
      price_per_sqm: Math.round(published.price_sar / published.area_sqm),
    });
    const benchmark = res.body.benchmark as { median_sqm: number; p25_sqm: number; p75_sqm: number } | null;
    expect(benchmark).not.toBeNull(); // the synthetic transactions cover the seeded cities
    const perSqm = res.body.price_per_sqm as number;
    const position =
      perSqm <= benchmark!.p25_sqm
        ? 'below_p25'
        : perSqm <= benchmark!.median_sqm
          ? 'p25_to_median'
          : perSqm <= benchmark!.p75_sqm
            ? 'median_to_p75'
            : 'above_p75';
    expect(res.body.position).toBe(position);
    const hidden = rows.find((row) => row.status === 'draft')!;
    await request(platform.baseUrl).get(`/v1/properties/${hidden.id}/price-intel`).expect(404);
  });

  describe('saved properties', () => {
    const SAVED = '/v1/me/saved-properties';

    it('should save once, list, hide what is unpublished, and forget when a buyer manages them', async () => {
      const buyer = await createAccount(platform);
      const other = await createAccount(platform);
      const [first, second] = rows.filter((row) => row.status === 'published');
      const auth = { authorization: `Bearer ${buyer.token}` };

      const saved = await request(platform.baseUrl).post(SAVED).set(auth).send({ property_id: first.id }).expect(201);
      expect(saved.body).toMatchObject({
        object: 'saved_property',
        property: { id: first.id, title_ar: first.title_ar },
      });
      const again = await request(platform.baseUrl).post(SAVED).set(auth).send({ property_id: first.id }).expect(201);
      expect(again.body.saved_at).toBe(saved.body.saved_at); // saved once
      await request(platform.baseUrl).post(SAVED).set(auth).send({ property_id: second.id }).expect(201);

      const list = await request(platform.baseUrl).get(SAVED).set(auth).expect(200);
      expect(list.body.data.map((item: { property: { id: string } }) => item.property.id)).toEqual([
        second.id,
        first.id,
      ]);
      // Every page size the document allows (1-100) is served, the largest too.
      const largest = await request(platform.baseUrl).get(`${SAVED}?limit=100`).set(auth).expect(200);
      expect(largest.body).toMatchObject({ limit: 100, has_more: false, data: list.body.data });
      const theirs = await request(platform.baseUrl)
        .get(SAVED)
        .set({ authorization: `Bearer ${other.token}` });
      expect(theirs.body.data).toEqual([]);

      // A listing taken off the catalogue disappears from the list.
      await withClient(platform.databaseUrl, (client) =>
        client.query(`UPDATE catalogue.listings SET status = 'pending' WHERE id = $1`, [second.id]),
      );
      const after = await request(platform.baseUrl).get(SAVED).set(auth).expect(200);
      expect(after.body.data.map((item: { property: { id: string } }) => item.property.id)).toEqual([first.id]);
      await withClient(platform.databaseUrl, (client) =>
        client.query(`UPDATE catalogue.listings SET status = 'published' WHERE id = $1`, [second.id]),
      );

      await request(platform.baseUrl).delete(`${SAVED}/${first.id}`).set(auth).expect(204);
      const gone = await request(platform.baseUrl).delete(`${SAVED}/${first.id}`).set(auth).expect(404);
      expect(gone.body).toMatchObject({ error: 'not_found' });
    });

    it('should refuse unpublished properties, bad bodies and callers without a user token', async () => {
      const buyer = await createAccount(platform);
      const auth = { authorization: `Bearer ${buyer.token}` };
      const draft = rows.find((row) => row.status === 'draft')!;
      const hidden = await request(platform.baseUrl).post(SAVED).set(auth).send({ property_id: draft.id }).expect(404);
      expect(hidden.body).toMatchObject({ error: 'property_not_found' });
      const bad = await request(platform.baseUrl).post(SAVED).set(auth).send({ property_id: 'x' }).expect(422);
      expect(bad.body).toMatchObject({ error: 'validation_error', field: 'property_id' });
      await request(platform.baseUrl).get(SAVED).expect(401);
      await request(platform.baseUrl).post(SAVED).send({ property_id: draft.id }).expect(401);
    });
  });
});
