import request from 'supertest';
import { SCORE_BUCKETS } from '@app/contracts';
import type { DecisionBatchResponse, DecisionResponse } from '@app/contracts';
import { balanceOf, fundedWorkspace } from '../harness/billing-fixtures';
import { withClient } from '../harness/databases';
import { createAccount, createMember } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const DECISIONS = '/v1/decisions';
const OLAYA_RIYADH = 10100003075;
const RIYADH = 3;

const apartment = (overrides: Record<string, unknown> = {}) => ({
  property: { type: 'apartment', price: 1_200_000, area: 150, bedrooms: 3, floor: 4, age: 5, parking: true },
  location: { city: 'Riyadh', district: 'Al Olaya' },
  reasoning: false,
  ...overrides,
});

describeE2e('POST /v1/decisions', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await sharedPlatform({ env: { DEMO_TRANSACTIONS: 'true' } });
  });

  afterAll(async () => {
    await platform?.close();
  });

  const decide = (key: string | null, body: unknown, headers: Record<string, string> = {}) => {
    const req = request(platform.baseUrl).post(DECISIONS).set(headers);
    return (key ? req.set('authorization', `Bearer ${key}`) : req).send(body as object);
  };

  describe('auth', () => {
    it('should answer 401 unauthorized without a key and invalid_api_key for a user token', async () => {
      const { owner } = await fundedWorkspace(platform, 5);
      expect((await decide(null, apartment()).expect(401)).body).toMatchObject({ error: 'unauthorized' });
      expect((await decide(owner.token, apartment()).expect(401)).body).toMatchObject({ error: 'invalid_api_key' });
      expect((await decide('sk-not-a-real-key', apartment()).expect(401)).body).toMatchObject({
        error: 'invalid_api_key',
      });
    });
  });

  describe('a decision', () => {
    let key: string;

    beforeAll(async () => {
      ({ key } = await fundedWorkspace(platform, 20));
    });

    it('should score an apartment by city and district names and charge one decision', async () => {
      const res = await decide(key, apartment()).expect(200);
      const body = res.body as DecisionResponse;
      expect(body).toMatchObject({
        object: 'decision',
        price_per_sqm: 8000,
        credits_used: 1,
        credits_remaining: 19,
        decisions_used: 1,
        decisions_remaining: 19,
        location: {
          city_id: RIYADH,
          city_name_en: 'Riyadh',
          city_name_ar: 'الرياض',
          district_id: OLAYA_RIYADH,
          district_name_ar: 'حي العليا',
        },
      });
      expect(body.score).toBeGreaterThanOrEqual(0);
      expect(body.score).toBeLessThanOrEqual(100);
      expect(body.verdict).toBe(body.score >= 70 ? 'match' : body.score >= 40 ? 'partial' : 'no_match');
      expect(Object.keys(body.breakdown).sort()).toEqual([...SCORE_BUCKETS].sort());
      for (const bucket of SCORE_BUCKETS) {
        const { score, status } = body.breakdown[bucket];
        expect(status).toBe(score >= 70 ? 'pass' : score >= 40 ? 'warn' : 'fail');
      }
      expect(body.benchmark).toMatchObject({ scope: 'district' });
      expect(new Set(body.factors!.map((factor) => factor.bucket))).toEqual(new Set(SCORE_BUCKETS));
      expect(body.factors!.map((factor) => factor.code)).not.toContain('no_benchmark');
      const benchmark = body.benchmark!;
      expect(benchmark.p25_sqm).toBeLessThanOrEqual(benchmark.median_sqm);
      expect(benchmark.median_sqm).toBeLessThanOrEqual(benchmark.p75_sqm);
      expect(benchmark.transaction_count).toBeGreaterThan(0);
      expect(body.reasoning).toBeUndefined();
      expect(await balanceOf(platform, key)).toBe(19);
    });

    it('should resolve Arabic names, the district id and city id + district to the same place', async () => {
      const byArabic = await decide(key, apartment({ location: { city: 'الرياض', district: 'العليا' } })).expect(200);
      const byId = await decide(key, apartment({ location: { district_id: OLAYA_RIYADH } })).expect(200);
      const byCityId = await decide(key, apartment({ location: { city_id: RIYADH, district: 'Ulaya' } })).expect(200);
      for (const res of [byArabic, byId, byCityId]) {
        expect((res.body as DecisionResponse).location.district_id).toBe(OLAYA_RIYADH);
        expect((res.body as DecisionResponse).score).toBe((byId.body as DecisionResponse).score);
      }
    });

    it('should score a higher price no better, all else equal', async () => {
      const cheap = (await decide(key, apartment()).expect(200)).body as DecisionResponse;
      const dear = (
        await decide(key, apartment({ property: { ...apartment().property, price: 4_000_000 } })).expect(200)
      ).body as DecisionResponse;
      expect(dear.breakdown.price.score).toBeLessThanOrEqual(cheap.breakdown.price.score);
      expect(dear.score).toBeLessThanOrEqual(cheap.score);
    });

    it('should add bilingual reasoning for three decisions when asked', async () => {
      const before = await balanceOf(platform, key);
      const res = await decide(key, apartment({ reasoning: true })).expect(200);
      const body = res.body as DecisionResponse;
      expect(body.credits_used).toBe(3);
      expect(body.credits_remaining).toBe(before - 3);
      expect(body.reasoning).toMatchObject({ model: 'template' });
      expect(body.reasoning!.reasoning_en).toMatch(/[A-Za-z]/);
      expect(body.reasoning!.reasoning_ar).toMatch(/[\u0600-\u06FF]/);
      expect(body.reasoning!.key_factors.length).toBeLessThanOrEqual(3);
      expect(Array.isArray(body.reasoning!.risk_flags)).toBe(true);
    });

    it('should store the decision it answered', async () => {
      const res = await decide(key, apartment()).expect(200);
      const rows = await withClient(platform.databaseUrl, (client) =>
        client.query<{ status: string; response: string }>(
          `SELECT status, response FROM decision.decisions WHERE id = $1`,
          [(res.body as DecisionResponse).id],
        ),
      );
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]).toMatchObject({ status: 'done', response: res.text }); // stored as sent
    });
  });

  describe('issue 25: size is the price per sqm against the market average (spec 2.2)', () => {
    it('should say the price per sqm, not the area, falls short for a 150 sqm 3-bed in Al Olaya at SAR 1.2 M', async () => {
      const { key } = await fundedWorkspace(platform, 5);
      const body = (await decide(key, apartment({ reasoning: true })).expect(200)).body as DecisionResponse;
      // Demo data: 8,000 per sqm against a mean of 6,270 → size 31; the area (88 / 147 / 195 sqm sold) is in details.
      expect(body.breakdown.size).toEqual({ score: 31, status: 'fail' });
      expect(body.breakdown.price.status).toBe('fail');
      expect(body.breakdown.details).toEqual({ score: 100, status: 'pass' });
      expect(body.score).toBe(53);
      const flags = body.reasoning!.risk_flags.join(' ');
      expect(flags).toContain('Price per sqm against the market average falls short (31/100)');
      expect(flags).not.toContain('Size falls short');
    });

    it('should lower size as the price rises, all else equal', async () => {
      const { key } = await fundedWorkspace(platform, 5);
      const sizes = [];
      for (const price of [400_000, 1_200_000, 5_000_000]) {
        const res = await decide(key, apartment({ property: { ...apartment().property, price } })).expect(200);
        sizes.push((res.body as DecisionResponse).breakdown.size.score);
      }
      expect(sizes[1]).toBeLessThan(sizes[0]);
      expect(sizes[2]).toBeLessThanOrEqual(sizes[1]);
    });
  });

  describe('issue 30: the price that makes a match', () => {
    let key: string;

    beforeAll(async () => {
      ({ key } = await fundedWorkspace(platform, 20));
    });

    const at = (price: number, reasoning = false) =>
      apartment({ property: { ...apartment().property, price }, reasoning });

    it('should give a decision held to partial by its price the price to match, and answer match at that price', async () => {
      const before = await balanceOf(platform, key);
      // The Al Olaya apartment at SAR 1.2 M (8,000 per sqm, well above the median): partial, its price and size fail.
      const partial = (await decide(key, at(1_200_000)).expect(200)).body as DecisionResponse;
      expect(partial).toMatchObject({ verdict: 'partial', breakdown: { price: { status: 'fail' } } });
      const guidance = partial.price_guidance!;
      const { p25_sqm, p75_sqm } = partial.benchmark!;
      expect(guidance).toMatchObject({
        fair_range_sar: { min: Math.round(p25_sqm * 150), max: Math.round(p75_sqm * 150) },
        limited_by: null,
      });
      const toMatch = guidance.price_to_match_sar!;
      expect(Number.isInteger(toMatch)).toBe(true);
      expect(toMatch).toBeLessThan(1_200_000);

      const match = (await decide(key, at(toMatch)).expect(200)).body as DecisionResponse;
      const oneRiyalMore = (await decide(key, at(toMatch + 1)).expect(200)).body as DecisionResponse;
      expect(match.verdict).toBe('match');
      expect(oneRiyalMore.verdict).toBe('partial');
      // Everything else unchanged, the guidance does not move with the asking price.
      expect(match.price_guidance).toEqual(guidance);

      // Guidance costs nothing: three decisions without reasoning, one credit each, as before it existed.
      for (const body of [partial, match, oneRiyalMore]) expect(body.credits_used).toBe(1);
      await expect(balanceOf(platform, key)).resolves.toBe(before - 3);
    });

    it('should name the price to match in the reasoning, in English and in Arabic, for the same three credits', async () => {
      const before = await balanceOf(platform, key);
      const body = (await decide(key, at(1_200_000, true)).expect(200)).body as DecisionResponse;
      const toMatch = body.price_guidance!.price_to_match_sar!;
      const arabic = new Intl.NumberFormat('ar-SA', { numberingSystem: 'arab' }).format(toMatch);
      expect(body.reasoning!.reasoning_en).toContain(
        `at SAR ${toMatch.toLocaleString('en-US')} or less it would be a good match.`,
      );
      expect(body.reasoning!.reasoning_ar).toContain(`ويصبح العقار مطابقًا للمعايير بسعر ${arabic} ريال أو أقل.`);
      expect(body.credits_used).toBe(3);
      await expect(balanceOf(platform, key)).resolves.toBe(before - 3);
    });

    it('should give each decision of a batch the same guidance, for the same credits', async () => {
      const single = (await decide(key, at(1_200_000)).expect(200)).body as DecisionResponse;
      const before = await balanceOf(platform, key);
      const res = await request(platform.baseUrl)
        .post('/v1/decisions/batch')
        .set('authorization', `Bearer ${key}`)
        .send({ items: [at(1_200_000), at(900_000)] })
        .expect(200);
      const batch = res.body as DecisionBatchResponse;
      expect(batch.credits_used).toBe(2);
      expect(batch.results.map((result) => result.status)).toEqual([200, 200]);
      for (const result of batch.results) {
        expect(result.decision?.price_guidance).toEqual(single.price_guidance);
      }
      await expect(balanceOf(platform, key)).resolves.toBe(before - 2);
    });

    it('should store the guidance with the decision: GET /v1/decisions/{id} returns it', async () => {
      const body = (await decide(key, at(1_200_000)).expect(200)).body as DecisionResponse;
      const read = await request(platform.baseUrl)
        .get(`/v1/decisions/${body.id}`)
        .set('authorization', `Bearer ${key}`)
        .expect(200);
      expect((read.body as DecisionResponse).price_guidance).toEqual(body.price_guidance);
    });
  });

  describe('comparable sales', () => {
    let key: string;

    beforeAll(async () => {
      ({ key } = await fundedWorkspace(platform, 20));
    });

    const comparablesOf = (body: DecisionResponse) => body.comparables ?? [];

    it('should cite up to 5 recent sales of the benchmark year, same type, area within 25%, newest first', async () => {
      const body = (await decide(key, apartment()).expect(200)).body as DecisionResponse;
      const comparables = comparablesOf(body);
      expect(comparables.length).toBeGreaterThan(0);
      expect(comparables.length).toBeLessThanOrEqual(5);
      for (const sale of comparables) {
        expect(Object.keys(sale).sort()).toEqual(
          ['area_sqm', 'date', 'district_id', 'price_per_sqm', 'price_sar', 'source'].sort(),
        );
        expect(sale.date.slice(0, 4)).toBe(String(body.benchmark!.year));
        expect(sale.area_sqm).toBeGreaterThanOrEqual(112.5);
        expect(sale.area_sqm).toBeLessThanOrEqual(187.5);
        expect(sale.price_per_sqm).toBe(Math.round(sale.price_sar / sale.area_sqm));
        expect(sale.source).toBe('synthetic');
      }
      const dates = comparables.map((sale) => sale.date);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it("should cite the district's own sales when it has enough of a comparable area", async () => {
      // Al Olaya's demo apartments of 2025 include five from 150 to 250 sqm.
      const body = (
        await decide(key, apartment({ property: { ...apartment().property, area: 200, price: 1_300_000 } })).expect(200)
      ).body as DecisionResponse;
      const comparables = comparablesOf(body);
      expect(comparables).toHaveLength(5);
      expect(comparables.every((sale) => sale.district_id === OLAYA_RIYADH)).toBe(true);
    });

    it('should cite them in the reasoning, in English and in Arabic', async () => {
      const body = (
        await decide(
          key,
          apartment({ property: { ...apartment().property, area: 200, price: 1_300_000 }, reasoning: true }),
        ).expect(200)
      ).body as DecisionResponse;
      const latest = comparablesOf(body)[0];
      expect(body.reasoning!.reasoning_en).toContain('5 recent sales of');
      expect(body.reasoning!.reasoning_en).toContain(`on ${latest.date}`);
      expect(body.reasoning!.reasoning_ar).toContain('لعقارات مماثلة في حي العليا');
    });

    it('should store them with the decision and return them from GET /v1/decisions/{id} and on a replay', async () => {
      const headers = { 'idempotency-key': 'decision-comparables-1' };
      const first = await decide(key, apartment(), headers).expect(200);
      const decision = first.body as DecisionResponse;
      expect(comparablesOf(decision).length).toBeGreaterThan(0);
      const stored = await withClient(platform.databaseUrl, (client) =>
        client.query<{ response: string }>(`SELECT response FROM decision.decisions WHERE id = $1`, [decision.id]),
      );
      expect((JSON.parse(stored.rows[0].response) as DecisionResponse).comparables).toEqual(decision.comparables);
      const read = await request(platform.baseUrl)
        .get(`/v1/decisions/${decision.id}`)
        .set('authorization', `Bearer ${key}`)
        .expect(200);
      expect((read.body as DecisionResponse).comparables).toEqual(decision.comparables);
      expect((await decide(key, apartment(), headers).expect(200)).text).toBe(first.text);
    });
  });

  describe('invalid input: 422 validation_error naming the field, never charged', () => {
    let key: string;

    beforeAll(async () => {
      ({ key } = await fundedWorkspace(platform, 5));
    });

    afterAll(async () => {
      expect(await balanceOf(platform, key)).toBe(5);
    });

    const property = apartment().property;
    it.each([
      ['a non-positive area', apartment({ property: { ...property, area: 0 } }), 'property.area', 'INVALID_FIELD_TYPE'],
      ['a negative price', apartment({ property: { ...property, price: -5 } }), 'property.price', 'INVALID_FIELD_TYPE'],
      [
        'a price sent as a string',
        apartment({ property: { ...property, price: '1200000' } }),
        'property.price',
        'INVALID_FIELD_TYPE',
      ],
      [
        'an unknown type',
        apartment({ property: { ...property, type: 'castle' } }),
        'property.type',
        'INVALID_PROPERTY_TYPE',
      ],
      ['no type', apartment({ property: { price: 1, area: 1 } }), 'property.type', 'MISSING_REQUIRED_FIELDS'],
      [
        'no property',
        { location: { district_id: OLAYA_RIYADH }, reasoning: false },
        'property',
        'MISSING_REQUIRED_FIELDS',
      ],
      [
        'no reasoning flag',
        { property, location: { district_id: OLAYA_RIYADH } },
        'reasoning',
        'MISSING_REQUIRED_FIELDS',
      ],
      [
        'a fractional bedroom count',
        apartment({ property: { ...property, bedrooms: 2.5 } }),
        'property.bedrooms',
        'INVALID_FIELD_TYPE',
      ],
      ['no district', apartment({ location: { city: 'Riyadh' } }), 'location.district', 'MISSING_REQUIRED_FIELDS'],
      ['no city', apartment({ location: { district: 'Al Olaya' } }), 'location.city', 'MISSING_REQUIRED_FIELDS'],
      [
        'an unknown district id',
        apartment({ location: { district_id: 999 } }),
        'location.district_id',
        'INVALID_FIELD_TYPE',
      ],
      [
        'an unknown city id',
        apartment({ location: { city_id: 999, district: 'Olaya' } }),
        'location.city_id',
        'INVALID_FIELD_TYPE',
      ],
      [
        'an unknown city',
        apartment({ location: { city: 'Atlantis', district: 'Olaya' } }),
        'location.city',
        'INVALID_FIELD_TYPE',
      ],
      [
        'lat without lng',
        apartment({ location: { district_id: OLAYA_RIYADH, lat: 24.7 } }),
        'location.lng',
        'INVALID_FIELD_TYPE',
      ],
      ['an unknown field', apartment({ colour: 'blue' }), 'colour', 'INVALID_FIELD_TYPE'],
      ['an array for a body', [apartment()], 'body', 'INVALID_FIELD_TYPE'],
    ])('should refuse %s', async (_case, body, field, code) => {
      const res = await decide(key, body).expect(422);
      expect(res.body).toMatchObject({ error: 'validation_error', field, code });
    });

    it('should list the allowed types for an unknown type', async () => {
      const res = await decide(key, apartment({ property: { ...property, type: 'castle' } })).expect(422);
      expect(res.body.details).toEqual({ allowed: ['apartment', 'villa', 'land', 'commercial', 'office'] });
    });

    it('should suggest districts when the name is unknown or ambiguous', async () => {
      const unknown = await decide(key, apartment({ location: { city: 'Riyadh', district: 'Zzqx' } })).expect(422);
      expect(unknown.body).toMatchObject({
        field: 'location.district',
        suggestions: [],
        details: { fields: [{ field: 'location.district', expected: unknown.body.message }] },
      });
      const ambiguous = await decide(key, apartment({ location: { city: 'Jeddah', district: 'Sa' } })).expect(422);
      expect(ambiguous.body.field).toBe('location.district');
      expect(ambiguous.body.details).toEqual({
        fields: [{ field: 'location.district', expected: ambiguous.body.message }],
      });
      expect(ambiguous.body.suggestions.length).toBeGreaterThan(1);
      expect(ambiguous.body.suggestions.length).toBeLessThanOrEqual(5);
      expect(ambiguous.body.suggestions[0]).toMatchObject({ object: 'district', city_name_en: 'Jeddah' });
    });

    it('should answer 400 invalid_json for a broken body', async () => {
      const res = await request(platform.baseUrl)
        .post(DECISIONS)
        .set('authorization', `Bearer ${key}`)
        .set('content-type', 'application/json')
        .send('{"property": ')
        .expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_json' });
    });
  });

  describe('the balance check comes first', () => {
    it('should answer 402 with required and balance, before validation, and charge nothing', async () => {
      const { key } = await fundedWorkspace(platform, 0);
      const res = await decide(key, apartment()).expect(402);
      expect(res.body).toMatchObject({
        error: 'insufficient_decisions',
        required: 1,
        balance: 0,
        code: 'INSUFFICIENT_CREDITS',
        details: { credits_required: 1, credits_remaining: 0 },
      });
      const invalid = await decide(key, apartment({ property: { type: 'castle', price: -1, area: 0 } })).expect(402);
      expect(invalid.body).toMatchObject({ error: 'insufficient_decisions', required: 1 });
    });

    it('should price reasoning at three: a balance of 2 (after 3 spent of 5) pays scoring but not reasoning', async () => {
      const { key } = await fundedWorkspace(platform, 5);
      await decide(key, apartment({ reasoning: true })).expect(200);
      const res = await decide(key, apartment({ reasoning: true })).expect(402);
      expect(res.body).toMatchObject({ required: 3, balance: 2 });
      expect((await decide(key, apartment()).expect(200)).body).toMatchObject({ credits_remaining: 1 });
    });

    it('should let exactly N of 3N concurrent calls through a balance of N', async () => {
      const n = 5;
      const { key } = await fundedWorkspace(platform, n);
      const results = await Promise.all(Array.from({ length: 3 * n }, () => decide(key, apartment())));
      const ok = results.filter((res) => res.status === 200);
      expect(ok).toHaveLength(n);
      expect(results.filter((res) => res.status === 402)).toHaveLength(2 * n);
      const remaining = ok.map((res) => (res.body as DecisionResponse).credits_remaining).sort((a, b) => a - b);
      expect(remaining).toEqual([0, 1, 2, 3, 4]);
      expect(await balanceOf(platform, key)).toBe(0);
    });
  });

  describe('history', () => {
    it("should list the workspace's decisions newest first and fetch one by id, to keys and members", async () => {
      const { key, owner, workspaceId } = await fundedWorkspace(platform, 5);
      const first = (await decide(key, apartment()).expect(200)).body as DecisionResponse;
      const second = (await decide(key, apartment({ location: { district_id: OLAYA_RIYADH } })).expect(200))
        .body as DecisionResponse;
      const list = await request(platform.baseUrl)
        .get(DECISIONS)
        .query({ limit: 1 })
        .set('authorization', `Bearer ${key}`)
        .expect(200);
      expect(list.body).toMatchObject({ object: 'list', limit: 1, offset: 0, has_more: true });
      expect(list.body.data).toEqual([second]);
      const agent = await createMember(platform, { workspaceId, role: 'agent' });
      const one = await request(platform.baseUrl)
        .get(`${DECISIONS}/${first.id}`)
        .set('authorization', `Bearer ${agent.token}`)
        .expect(200);
      expect(one.body).toEqual(first);
      expect(owner.workspaceId).toBe(workspaceId);
    });

    it("should answer 404 for another workspace's decision and for an id that is not one", async () => {
      const mine = await fundedWorkspace(platform, 5);
      const theirs = await fundedWorkspace(platform, 5);
      const decision = (await decide(mine.key, apartment()).expect(200)).body as DecisionResponse;
      for (const id of [decision.id, 'not-a-decision-id']) {
        const res = await request(platform.baseUrl)
          .get(`${DECISIONS}/${id}`)
          .set('authorization', `Bearer ${theirs.key}`)
          .expect(404);
        expect(res.body).toMatchObject({ error: 'not_found' });
      }
      const theirList = await request(platform.baseUrl)
        .get(DECISIONS)
        .set('authorization', `Bearer ${theirs.key}`)
        .expect(200);
      expect(theirList.body.data).toEqual([]);
    });

    it('should refuse a buyer, who has no workspace', async () => {
      const buyer = await createAccount(platform, { accountRole: 'buyer' });
      await request(platform.baseUrl).get(DECISIONS).set('authorization', `Bearer ${buyer.token}`).expect(403);
    });
  });

  describe('Idempotency-Key', () => {
    it('should answer a replay with the first body and charge once', async () => {
      const { key } = await fundedWorkspace(platform, 5);
      const headers = { 'idempotency-key': 'decision-replay-1' };
      const first = await decide(key, apartment(), headers).expect(200);
      const second = await decide(key, apartment(), headers).expect(200);
      expect(second.text).toBe(first.text); // the same bytes, key order included
      expect(await balanceOf(platform, key)).toBe(4);
    });

    it('should answer GET /v1/decisions/{id} with the bytes first sent when the decision is read back', async () => {
      const { key } = await fundedWorkspace(platform, 5);
      const first = await decide(key, apartment(), { 'idempotency-key': 'decision-replay-bytes' }).expect(200);
      const id = (first.body as { id: string }).id;
      const read = await request(platform.baseUrl)
        .get(`/v1/decisions/${id}`)
        .set('authorization', `Bearer ${key}`)
        .expect(200);
      expect(read.text).toBe(first.text);
    });

    it('should refuse the same key with a different body', async () => {
      const { key } = await fundedWorkspace(platform, 5);
      const headers = { 'idempotency-key': 'decision-replay-2' };
      await decide(key, apartment(), headers).expect(200);
      const res = await decide(key, apartment({ reasoning: true }), headers).expect(422);
      expect(res.body).toMatchObject({ error: 'idempotency_key_reused' });
      expect(await balanceOf(platform, key)).toBe(4);
    });

    it('should charge once when eight requests race on one key, each waiting for the one answer', async () => {
      const { key } = await fundedWorkspace(platform, 5);
      const headers = { 'idempotency-key': 'decision-race' };
      const results = await Promise.all(Array.from({ length: 8 }, () => decide(key, apartment(), headers)));
      const ok = results.filter((res) => res.status === 200);
      expect(ok).toHaveLength(8);
      expect(new Set(ok.map((res) => res.text)).size).toBe(1);
      expect(await balanceOf(platform, key)).toBe(4);
      // Once settled, the key replays the answer.
      const replay = await decide(key, apartment(), headers).expect(200);
      expect(replay.body).toEqual(ok[0].body);
    });

    it('should keep one key per workspace: another workspace may use the same key', async () => {
      const a = await fundedWorkspace(platform, 5);
      const b = await fundedWorkspace(platform, 5);
      const headers = { 'idempotency-key': 'shared-key' };
      const first = await decide(a.key, apartment(), headers).expect(200);
      const second = await decide(b.key, apartment(), headers).expect(200);
      expect((second.body as DecisionResponse).id).not.toBe((first.body as DecisionResponse).id);
      expect(await balanceOf(platform, b.key)).toBe(4);
    });
  });
});
