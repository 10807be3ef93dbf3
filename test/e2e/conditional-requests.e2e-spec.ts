import request from 'supertest';
import type { Response } from 'supertest';
import { LocationsRpc } from '@app/contracts';
import type { ListingResponse } from '@app/contracts';
import { createModerator, publishThroughApi } from '../harness/catalogue-fixtures';
import { listingBody } from '../harness/listing-body';
import { withClient } from '../harness/databases';
import { eventually } from '../harness/eventually';
import { createApiKey, createMember } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { scrapeAll, total } from '../harness/prometheus-text';

const STRONG_ETAG = /^"[A-Za-z0-9_-]+"$/;

describeE2e('conditional requests: ETag, Cache-Control, 304', () => {
  let platform: Platform;
  let broker: MemberFixture;
  let moderator: AccountFixture;
  let key: string;
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Location searches the decision service has handled, from its own RPC metrics. */
  const searchesServed = async () =>
    total(await scrapeAll(Object.values(platform.metricsUrls)), 'rpc_server_requests_total', {
      pattern: LocationsRpc.search.pattern,
    });

  const locations = (query: Record<string, string>, ifNoneMatch?: string) => {
    const req = api().get('/v1/locations').query(query).set(as(key));
    return ifNoneMatch === undefined ? req : req.set('if-none-match', ifNoneMatch);
  };

  const publishedListing = () => publishThroughApi(platform, { broker: broker.token, moderator: moderator.token });

  const expectNotModified = (res: Response, etag: string, cacheControl: string) => {
    expect(res.status).toBe(304);
    expect(res.text ?? '').toBe('');
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['cache-control']).toBe(cacheControl);
  };

  beforeAll(async () => {
    platform = await sharedPlatform();
    broker = await createMember(platform, { role: 'owner', name: 'Conditional Broker' });
    moderator = await createModerator(platform);
    key = await createApiKey(platform, broker.workspaceId, broker.accountId);
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('GET /v1/locations', () => {
    const query = { city: 'Riyadh', district: 'Olaya' };

    /** The ETag once the gateway has learned the gazetteer version: a 304 then stops reaching the service. */
    async function etagAnsweredAtTheGateway(): Promise<string> {
      let etag = '';
      await eventually(
        async () => {
          etag = (await locations(query).expect(200)).headers.etag;
          const before = await searchesServed();
          await locations(query, etag).expect(304);
          return (await searchesServed()) - before;
        },
        (reached) => reached === 0,
      );
      return etag;
    }

    it('should answer 200 with a strong ETag, private Cache-Control and Vary: Authorization when asked with a key', async () => {
      const res = await locations(query).expect(200);
      expect(res.headers.etag).toMatch(STRONG_ETAG);
      expect(res.headers['cache-control']).toBe('private, max-age=60');
      expect(res.headers.vary).toMatch(/\bAuthorization\b/i);
      expect(res.body).toMatchObject({ object: 'list' });
    });

    it('should answer 304 with no body, without calling the decision service, when If-None-Match holds the current ETag', async () => {
      const etag = await etagAnsweredAtTheGateway();
      const before = await searchesServed();
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*'])
        expectNotModified(await locations(query, header), etag, 'private, max-age=60');
      // The same search written differently (spaces around the words) is the same resource.
      expectNotModified(await locations({ city: ' Riyadh ', district: 'Olaya ' }, etag), etag, 'private, max-age=60');
      expect(await searchesServed()).toBe(before);

      const other = await locations({ city: 'Jeddah' }, etag).expect(200);
      expect(other.headers.etag).not.toBe(etag);
      expect(await searchesServed()).toBe(before + 1);
    });

    it('should answer 200 with a new ETag once the gazetteer version moves (an import)', async () => {
      const etag = await etagAnsweredAtTheGateway();
      await withClient(platform.databaseUrl, (c) =>
        c.query(
          `INSERT INTO decision.reference_versions (key, value, updated_at) VALUES ('gazetteer_version', 1, now())
           ON CONFLICT (key) DO UPDATE SET value = decision.reference_versions.value + 1, updated_at = now()`,
        ),
      );
      // The decision service reloads within its 5 s poll, then tells the gateway.
      const res = await eventually(
        () => locations(query, etag),
        (r) => r.status === 200,
        20_000,
        250,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ object: 'list' });
      expect(res.headers.etag).toMatch(STRONG_ETAG);
      expect(res.headers.etag).not.toBe(etag);
      await locations(query, res.headers.etag).expect(304);
    });

    it('should never answer 304 to a caller without a key, nor to a query the route refuses, and keep errors out of caches', async () => {
      const unauthenticated = await api().get('/v1/locations').query(query).set('if-none-match', '*').expect(401);
      expect(unauthenticated.headers.etag).toBeUndefined();
      expect(unauthenticated.headers['cache-control']).toBe('no-store');
      const refused = await locations({ city: 'R' }, '*').expect(400);
      expect(refused.headers.etag).toBeUndefined();
      expect(refused.headers['cache-control']).toBe('no-store');
      await locations({ ...query, unknown: 'x' }, '*').expect(422);
    });
  });

  describe('GET /v1/properties/{id}', () => {
    it('should answer a published listing with a public ETag, 304 on a match, and a new ETag after a price edit', async () => {
      const listing = await publishedListing();
      const first = await api().get(`/v1/properties/${listing.id}`).expect(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(STRONG_ETAG);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      expectNotModified(
        await api().get(`/v1/properties/${listing.id}`).set('if-none-match', `W/${etag}`),
        etag,
        'public, max-age=60',
      );

      await api().patch(`/v1/listings/${listing.id}`).set(as(broker.token)).send({ price: 1_150_000 }).expect(200);
      const edited = await api().get(`/v1/properties/${listing.id}`).set('if-none-match', etag).expect(200);
      expect(edited.body).toMatchObject({ id: listing.id });
      expect(edited.headers.etag).toMatch(STRONG_ETAG);
      expect(edited.headers.etag).not.toBe(etag);
    });

    it('should keep unpublished and personal answers out of every cache', async () => {
      const draft = (
        await api()
          .post('/v1/listings')
          .set(as(broker.token))
          .send(
            listingBody({
              property_type: 'villa',
              title_en: 'Draft villa',
              title_ar: 'فيلا مسودة',
              price: 3_000_000,
              area_sqm: 400,
              bedrooms: 5,
              bathrooms: 4,
            }),
          )
          .expect(201)
      ).body as ListingResponse;
      const hidden = await api().get(`/v1/properties/${draft.id}`).set('if-none-match', '*').expect(404);
      expect(hidden.headers.etag).toBeUndefined();
      expect(hidden.headers['cache-control']).toBe('no-store');

      const own = await api().get(`/v1/listings/${draft.id}`).set(as(broker.token)).expect(200);
      expect(own.headers.etag).toBeUndefined();
      expect(own.headers['cache-control']).toBe('no-store');
      const me = await api().get('/v1/me').set(as(broker.token)).expect(200);
      expect(me.headers['cache-control']).toBe('no-store');
    });
  });

  describe('GET /v1/brokers/{slug}', () => {
    it("should answer a broker's public page with a public ETag and 304 on a match", async () => {
      const slug = (await api().get('/v1/workspace/verification').set(as(broker.token)).expect(200)).body
        .broker_slug as string;
      const page = await api().get(`/v1/brokers/${slug}`).expect(200);
      const etag = page.headers.etag;
      expect(etag).toMatch(STRONG_ETAG);
      expect(page.headers['cache-control']).toBe('public, max-age=60');
      expectNotModified(await api().get(`/v1/brokers/${slug}`).set('if-none-match', etag), etag, 'public, max-age=60');
      const missing = await api().get('/v1/brokers/no-such-broker-00000000').expect(404);
      expect(missing.headers['cache-control']).toBe('no-store');
    });
  });

  describe('GET /v1/public/projects/{id}', () => {
    it('should keep a project that is not public out of caches', async () => {
      const missing = await api()
        .get('/v1/public/projects/00000000-0000-4000-8000-000000000000')
        .set('if-none-match', '*')
        .expect(404);
      expect(missing.headers.etag).toBeUndefined();
      expect(missing.headers['cache-control']).toBe('no-store');
    });
  });
});
