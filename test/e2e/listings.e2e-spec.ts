import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import request from 'supertest';
import type { ListingResponse, ListingsPageResponse } from '@app/contracts';
import { addListingImage, createModerator, listingEvents, moderationLog } from '../harness/catalogue-fixtures';
import { createAccount, createApiKey, createMember } from '../harness/identity-fixtures';
import { listingBody } from '../harness/listing-body';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { until } from '../harness/eventually';

const TITLE_AR = 'شقة فاخرة بإطلالة على برج المملكة — حي العليا';
const DESCRIPTION_AR = 'ثلاث غرف نوم، مطبخ مجهز، قريبة من الخدمات.';
const OLAYA_RIYADH = 10100003075;
const CREATE_MODERATOR = path.join(__dirname, '..', '..', 'dist', 'scripts', 'create-moderator.js');

/** Runs the built `npm run create:moderator` tool against the platform's database, `stdin` piped in. */
async function createModeratorTool(
  databaseUrl: string,
  email: string,
  stdin = '',
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [CREATE_MODERATOR, email], {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(stdin);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

const apartment = (overrides: Record<string, unknown> = {}) =>
  listingBody({ title_ar: TITLE_AR, description_ar: DESCRIPTION_AR, ...overrides });

describeE2e('listings and moderation', () => {
  let platform: Platform;
  let agent: MemberFixture;
  let moderator: AccountFixture;

  beforeAll(async () => {
    platform = await sharedPlatform({ env: { DEMO_TRANSACTIONS: 'true' } });
    agent = await createMember(platform, { role: 'agent' });
    moderator = await createModerator(platform);
  });

  afterAll(async () => {
    await platform?.close();
  });

  const as = (token: string | null) => {
    const http = request(platform.baseUrl);
    const auth = <T extends request.Test>(test: T): T => (token ? test.set('authorization', `Bearer ${token}`) : test);
    return {
      get: (path: string) => auth(http.get(path)),
      post: (path: string, body?: object) => auth(http.post(path)).send(body ?? {}),
      patch: (path: string, body: object) => auth(http.patch(path)).send(body),
      delete: (path: string) => auth(http.delete(path)),
    };
  };

  const createDraft = async (token: string, body: object = apartment()): Promise<ListingResponse> =>
    (await as(token).post('/v1/listings', body).expect(201)).body as ListingResponse;

  const submittedListing = async (token: string, body: object = apartment()): Promise<ListingResponse> => {
    const draft = await createDraft(token, body);
    await addListingImage(platform, draft.id);
    return (await as(token).post(`/v1/listings/${draft.id}/submit`).expect(200)).body as ListingResponse;
  };

  describe('creating a draft', () => {
    it('should answer 201 with the resolved place in both languages and the Arabic text exactly when a draft is created', async () => {
      const res = await as(agent.token).post('/v1/listings', apartment()).expect(201);
      const listing = res.body as ListingResponse;
      expect(listing).toMatchObject({
        object: 'listing',
        status: 'draft',
        workspace_id: agent.workspaceId,
        title_ar: TITLE_AR,
        description_ar: DESCRIPTION_AR,
        price: 1_200_000,
        currency: 'SAR',
        price_sar: 1_200_000,
        country_code: 'SA',
        city_id: 3,
        district_id: OLAYA_RIYADH,
        city_en: 'Riyadh',
        city_ar: 'الرياض',
        district_ar: 'حي العليا',
        time_zone: 'Asia/Riyadh',
        area_sqm: 150,
        flags: [],
        image_urls: [],
        images: [],
        listed_at: null,
      });
      expect(listing).not.toHaveProperty('created_by');
      const again = (await as(agent.token).get(`/v1/listings/${listing.id}`).expect(200)).body as ListingResponse;
      expect(again.title_ar).toBe(TITLE_AR);
    });

    it('should keep the AED amount and add price_sar at the peg when a Dubai listing is priced in AED', async () => {
      const listing = await createDraft(
        agent.token,
        apartment({
          city: 'Dubai',
          district: 'Dubai Marina',
          currency: 'AED',
          price: 1_000_000,
          licence_number: '71234567',
        }),
      );
      expect(listing).toMatchObject({
        price: 1_000_000,
        currency: 'AED',
        price_sar: 1_021_102.79,
        country_code: 'AE',
        time_zone: 'Asia/Dubai',
        city_en: 'Dubai',
      });
    });

    it('should answer 422 naming bedrooms and store nothing when land is sent with bedrooms', async () => {
      const before = (await as(agent.token).get('/v1/listings?limit=100').expect(200)).body as ListingsPageResponse;
      const res = await as(agent.token)
        .post('/v1/listings', apartment({ property_type: 'land', bedrooms: 2, bathrooms: undefined }))
        .expect(422);
      expect(res.body).toMatchObject({ error: 'validation_error', field: 'bedrooms' });
      const after = (await as(agent.token).get('/v1/listings?limit=100').expect(200)).body as ListingsPageResponse;
      expect(after.data.length).toBe(before.data.length);
    });

    it('should answer 422 with field and suggestions when the district is unknown or ambiguous', async () => {
      const unknown = await as(agent.token)
        .post('/v1/listings', apartment({ district: 'Qqqqzzzz' }))
        .expect(422);
      expect(unknown.body).toMatchObject({ error: 'validation_error', field: 'district', suggestions: [] });
      const noCity = await as(agent.token)
        .post('/v1/listings', apartment({ city: undefined, city_id: 999_999 }))
        .expect(422);
      expect(noCity.body).toMatchObject({ error: 'validation_error', field: 'city_id' });
    });

    it('should answer 422 validation_error when a field has the wrong type or is unknown', async () => {
      expect(
        (
          await as(agent.token)
            .post('/v1/listings', apartment({ price: 'cheap' }))
            .expect(422)
        ).body,
      ).toMatchObject({
        error: 'validation_error',
        field: 'price',
      });
      expect(
        (
          await as(agent.token)
            .post('/v1/listings', apartment({ colour: 'red' }))
            .expect(422)
        ).body,
      ).toMatchObject({
        error: 'validation_error',
        field: 'colour',
      });
      const tooDear = await as(agent.token)
        .post('/v1/listings', apartment({ currency: 'AED', price: 1e12 }))
        .expect(422);
      expect(tooDear.body).toMatchObject({ error: 'validation_error', field: 'price' });
      expect(
        (
          await as(agent.token)
            .post('/v1/listings', apartment({ property_type: 'castle' }))
            .expect(422)
        ).body,
      ).toMatchObject({ error: 'validation_error', field: 'property_type' });
    });

    it('should answer 409 conflict when an external_ref is used twice in one workspace', async () => {
      await createDraft(agent.token, apartment({ external_ref: 'CRM-42' }));
      const res = await as(agent.token)
        .post('/v1/listings', apartment({ external_ref: 'CRM-42' }))
        .expect(409);
      expect(res.body).toMatchObject({ error: 'conflict', field: 'external_ref' });
    });

    it('should list only the workspace listings filtered by status when a status is given', async () => {
      const other = await createMember(platform, { role: 'owner' });
      const mine = await createDraft(other.token);
      await submittedListing(other.token);
      const drafts = (await as(other.token).get('/v1/listings?status=draft').expect(200)).body as ListingsPageResponse;
      expect(drafts.data.map((l) => l.id)).toEqual([mine.id]);
      const all = (await as(other.token).get('/v1/listings?limit=1').expect(200)).body as ListingsPageResponse;
      expect(all).toMatchObject({ object: 'list', limit: 1, offset: 0, has_more: true });
      expect((await as(other.token).get('/v1/listings?status=sold').expect(422)).body).toMatchObject({
        field: 'status',
      });
    });
  });

  describe('the lifecycle', () => {
    it('should go draft → submit with flags → approve → live edit → flagged price jump kept live → delete with its event', async () => {
      const draft = await createDraft(agent.token, apartment({ licence_number: 'REGA-12' }));

      const incomplete = await as(agent.token).post(`/v1/listings/${draft.id}/submit`).expect(422);
      expect(incomplete.body).toMatchObject({ error: 'listing_incomplete', missing: ['images'] });

      await addListingImage(platform, draft.id);
      const pending = (await as(agent.token).post(`/v1/listings/${draft.id}/submit`).expect(200))
        .body as ListingResponse;
      expect(pending.status).toBe('pending');
      expect(pending.submitted_at).not.toBeNull();
      expect(pending.image_urls).toHaveLength(1);
      expect(pending.flags.map((f) => f.code)).toContain('licence_malformed');

      const frozen = await as(agent.token).patch(`/v1/listings/${draft.id}`, { title_en: 'New' }).expect(409);
      expect(frozen.body).toMatchObject({ error: 'invalid_state', state: 'pending' });

      const queue = (await as(moderator.token).get('/v1/moderation/listings?limit=100').expect(200))
        .body as ListingsPageResponse;
      const queued = queue.data.find((l) => l.id === draft.id);
      expect(queued?.flags.map((f) => f.code)).toContain('licence_malformed');

      const published = (await as(moderator.token).post(`/v1/moderation/listings/${draft.id}/approve`).expect(200))
        .body as ListingResponse;
      expect(published.status).toBe('published');
      expect(published.listed_at).not.toBeNull();
      expect(published.ai_bullets_en).toHaveLength(3);
      expect(published.ai_bullets_ar).toHaveLength(3);
      expect(published.ai_bullets_ar.join(' ')).toContain('العليا');

      const twice = await as(moderator.token).post(`/v1/moderation/listings/${draft.id}/approve`).expect(409);
      expect(twice.body).toMatchObject({ error: 'invalid_state', state: 'published' });

      const edited = (
        await as(agent.token)
          .patch(`/v1/listings/${draft.id}`, { title_en: 'Renovated apartment', price: 1_250_000 })
          .expect(200)
      ).body as ListingResponse;
      expect(edited).toMatchObject({ status: 'published', title_en: 'Renovated apartment', price: 1_250_000 });

      const untouched = (await as(agent.token).patch(`/v1/listings/${draft.id}`, {}).expect(200))
        .body as ListingResponse;
      expect(untouched.updated_at).toBe(edited.updated_at);

      // Spec 3: the edit is live and the listing stays published; the checks flag it to moderators.
      const jumped = (await as(agent.token).patch(`/v1/listings/${draft.id}`, { price: 9_000_000 }).expect(200))
        .body as ListingResponse;
      expect(jumped).toMatchObject({ status: 'published', price: 9_000_000 });
      expect(jumped.flagged_at).not.toBeNull();
      expect(jumped.flags.map((f) => f.code)).toEqual(
        expect.arrayContaining(['changed_after_publication', 'price_outside_band', 'licence_malformed']),
      );
      expect(jumped.flags[0]).toMatchObject({ code: 'changed_after_publication', changed: ['price', 'price_sar'] });

      const log = await moderationLog(platform, draft.id);
      expect(log.map((entry) => [entry.action, entry.moderator_id])).toEqual([
        ['submitted', null],
        ['approved', moderator.accountId],
        ['flagged', null],
      ]);

      const kept = (await as(moderator.token).post(`/v1/moderation/listings/${draft.id}/approve`).expect(200))
        .body as ListingResponse;
      expect(kept).toMatchObject({ status: 'published', flagged_at: null, listed_at: published.listed_at });
      expect(kept.flags.map((f) => f.code)).not.toContain('changed_after_publication');

      expect((await as(agent.token).delete(`/v1/listings/${draft.id}`).expect(200)).body).toEqual({
        object: 'listing',
        id: draft.id,
        deleted: true,
      });
      await as(agent.token).get(`/v1/listings/${draft.id}`).expect(404);

      await until(async () => (await listingEvents(platform, draft.id)).every((e) => e.published_at !== null), 10_000);
      const events = await listingEvents(platform, draft.id);
      expect(events.map((e) => e.subject)).toEqual([
        'catalogue.listing.submitted.v1',
        'catalogue.listing.published.v1',
        'catalogue.listing.updated.v1',
        'catalogue.listing.updated.v1',
        'catalogue.listing.deleted.v1',
      ]);
      expect(events.at(-1)?.payload).toMatchObject({
        listing_id: draft.id,
        workspace_id: agent.workspaceId,
        status: 'published',
      });
      expect(events[3].payload).toMatchObject({ status: 'published', changed: ['price', 'price_sar'] });
      expect((events[3].payload.flags as { code: string }[])[0].code).toBe('changed_after_publication');
    });

    it('should keep a rejection reason and accept an edited resubmission when a moderator rejects', async () => {
      const pending = await submittedListing(agent.token, apartment({ area_sqm: 152 }));
      const reason = 'الصور لا تطابق العقار — photos do not match the property';
      const rejected = (
        await as(moderator.token).post(`/v1/moderation/listings/${pending.id}/reject`, { reason }).expect(200)
      ).body as ListingResponse;
      expect(rejected).toMatchObject({ status: 'rejected', rejection_reason: reason });
      expect((await as(agent.token).get(`/v1/listings/${pending.id}`).expect(200)).body).toMatchObject({
        status: 'rejected',
        rejection_reason: reason,
      });

      await as(agent.token).patch(`/v1/listings/${pending.id}`, { description_en: 'New photos uploaded.' }).expect(200);
      const resubmitted = (await as(agent.token).post(`/v1/listings/${pending.id}/submit`).expect(200))
        .body as ListingResponse;
      expect(resubmitted).toMatchObject({ status: 'pending', rejection_reason: null });

      const log = await moderationLog(platform, pending.id);
      expect(log.map((entry) => [entry.action, entry.moderator_id, entry.reason])).toEqual([
        ['submitted', null, null],
        ['rejected', moderator.accountId, reason],
        ['submitted', null, null],
      ]);
      const blank = await as(moderator.token).post(`/v1/moderation/listings/${pending.id}/reject`, {}).expect(422);
      expect(blank.body).toMatchObject({ error: 'validation_error', field: 'reason' });
    });

    it('should let exactly one of racing moderator decisions and racing submits win when they arrive together', async () => {
      const draft = await createDraft(agent.token);
      await addListingImage(platform, draft.id);
      const submits = await Promise.all(
        Array.from({ length: 4 }, () => as(agent.token).post(`/v1/listings/${draft.id}/submit`)),
      );
      expect(submits.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);

      const second = await createModerator(platform);
      const [approve, reject] = await Promise.all([
        as(moderator.token).post(`/v1/moderation/listings/${draft.id}/approve`),
        as(second.token).post(`/v1/moderation/listings/${draft.id}/reject`, { reason: 'Duplicate of another ad' }),
      ]);
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      const loser = approve.status === 409 ? approve : reject;
      expect(loser.body).toMatchObject({ error: 'invalid_state' });
      const log = await moderationLog(platform, draft.id);
      expect(log.map((entry) => entry.action)).toEqual(['submitted', approve.status === 200 ? 'approved' : 'rejected']);
    });

    it('should flag a near-duplicate and an unusual area when the same workspace submits a twin', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      await submittedListing(owner.token, apartment({ area_sqm: 148, price: 1_190_000 }));
      const twin = await submittedListing(owner.token, apartment({ area_sqm: 150, price: 1_200_000 }));
      expect(twin.flags.map((f) => f.code)).toContain('possible_duplicate');
      const tiny = await submittedListing(owner.token, apartment({ area_sqm: 12, price: 100_000 }));
      expect(tiny.flags.map((f) => f.code)).toContain('unusual_area');
      expect(tiny.flags.map((f) => f.code)).not.toContain('possible_duplicate');
    });
  });

  describe('the OpenAPI document', () => {
    it('should document every listing and moderation route and every field a listing answers with', async () => {
      const doc = (await request(platform.baseUrl).get('/openapi.json').expect(200)).body as {
        paths: Record<string, Record<string, unknown>>;
        components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
      };
      const routes = Object.entries(doc.paths).flatMap(([route, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
      );
      expect(routes).toEqual(
        expect.arrayContaining([
          'POST /v1/listings',
          'GET /v1/listings',
          'GET /v1/listings/{id}',
          'PATCH /v1/listings/{id}',
          'DELETE /v1/listings/{id}',
          'POST /v1/listings/{id}/submit',
          'GET /v1/moderation/listings',
          'POST /v1/moderation/listings/{id}/approve',
          'POST /v1/moderation/listings/{id}/reject',
        ]),
      );
      const listing = await createDraft(agent.token);
      const documented = doc.components.schemas.ListingResponse;
      expect(Object.keys(documented.properties).sort()).toEqual(Object.keys(listing).sort());
      expect([...(documented.required ?? [])].sort()).toEqual(Object.keys(listing).sort());
      expect(Object.keys(doc.components.schemas.CreateListingBody.properties).sort()).toEqual(
        [
          'property_type',
          'title_en',
          'title_ar',
          'description_en',
          'description_ar',
          'price',
          'currency',
          'district_id',
          'city_id',
          'city',
          'district',
          'area_sqm',
          'bedrooms',
          'bathrooms',
          'lat',
          'lng',
          'external_ref',
          'licence_number',
        ].sort(),
      );
    });
  });

  describe('npm run create:moderator', () => {
    const login = (email: string, password: string) =>
      request(platform.baseUrl).post('/v1/auth/login').send({ email, password });

    it('should print a one-time password that logs in as a moderator when no password is piped', async () => {
      const email = `mod-${Date.now()}@example.test`;
      const { code, output } = await createModeratorTool(platform.databaseUrl, email);
      expect(code).toBe(0);
      const password = /One-time password \(shown once\): (\S+)/.exec(output)?.[1];
      expect(password).toBeDefined();
      const token = (await login(email, password!).expect(200)).body.access_token as string;
      expect((await as(token).get('/v1/me').expect(200)).body.roles).toContain('moderator');
      await as(token).get('/v1/moderation/listings').expect(200);
    });

    it('should take the password from stdin and refuse a short one when one is piped', async () => {
      const email = `mod-stdin-${Date.now()}@example.test`;
      const short = await createModeratorTool(platform.databaseUrl, email, 'short\n');
      expect(short.code).toBe(1);
      expect(short.output).toContain('at least 10 characters');
      const ok = await createModeratorTool(platform.databaseUrl, email, 'a-long-moderator-password\n');
      expect(ok.code).toBe(0);
      expect(ok.output).not.toContain('a-long-moderator-password');
      await login(email, 'a-long-moderator-password').expect(200);
    });
  });

  describe('who may call', () => {
    it('should answer 404 to another workspace, 403 to a buyer and 401 to nobody on every listing route', async () => {
      const listing = await createDraft(agent.token);
      const stranger = await createMember(platform, { role: 'agent' });
      const strangerKey = await createApiKey(platform, stranger.workspaceId, stranger.accountId);
      const buyer = await createAccount(platform, { accountRole: 'buyer' });
      const byId: [string, string, object?][] = [
        ['get', `/v1/listings/${listing.id}`],
        ['patch', `/v1/listings/${listing.id}`, { title_en: 'Mine now' }],
        ['post', `/v1/listings/${listing.id}/submit`],
        ['delete', `/v1/listings/${listing.id}`],
      ];
      const all: [string, string, object?][] = [
        ['get', '/v1/listings'],
        ['post', '/v1/listings', apartment()],
        ...byId,
      ];
      const call = (token: string | null, [method, path, body]: [string, string, object?]) => {
        const client = as(token);
        if (method === 'get') return client.get(path);
        if (method === 'delete') return client.delete(path);
        if (method === 'patch') return client.patch(path, body ?? {});
        return client.post(path, body);
      };
      for (const route of byId) {
        for (const token of [stranger.token, strangerKey]) {
          const res = await call(token, route);
          expect([route[0], route[1], res.status, (res.body as { error?: string }).error]).toEqual([
            route[0],
            route[1],
            404,
            'not_found',
          ]);
        }
      }
      for (const route of all) {
        const forbidden = await call(buyer.token, route);
        expect([route[1], forbidden.status, (forbidden.body as { error?: string }).error]).toEqual([
          route[1],
          403,
          'forbidden',
        ]);
        const anonymous = await call(null, route);
        expect([route[1], anonymous.status, (anonymous.body as { error?: string }).error]).toEqual([
          route[1],
          401,
          'unauthorized',
        ]);
      }
      const strangersList = (await as(stranger.token).get('/v1/listings').expect(200)).body as ListingsPageResponse;
      expect(strangersList.data.map((l) => l.id)).not.toContain(listing.id);
      // Nothing the others tried changed it.
      expect((await as(agent.token).get(`/v1/listings/${listing.id}`).expect(200)).body).toMatchObject({
        status: 'draft',
        title_en: apartment().title_en,
      });
    });

    it('should admit platform moderators only to the moderation routes', async () => {
      const pending = await submittedListing(agent.token);
      const routes: [string, string, object?][] = [
        ['get', '/v1/moderation/listings'],
        ['post', `/v1/moderation/listings/${pending.id}/approve`],
        ['post', `/v1/moderation/listings/${pending.id}/reject`, { reason: 'no' }],
      ];
      const buyer = await createAccount(platform, { accountRole: 'buyer' });
      const owner = await createMember(platform, { role: 'owner' });
      for (const [method, path, body] of routes) {
        const send = (token: string | null) => (method === 'get' ? as(token).get(path) : as(token).post(path, body));
        expect((await send(null)).status).toBe(401);
        expect((await send(buyer.token)).status).toBe(403);
        expect((await send(owner.token)).status).toBe(403);
        expect((await send(agent.token)).status).toBe(403);
      }
      expect((await as(agent.token).get(`/v1/listings/${pending.id}`).expect(200)).body).toMatchObject({
        status: 'pending',
      });
      await as(moderator.token).post('/v1/moderation/listings/not-a-uuid/approve').expect(404);
    });
  });
});
