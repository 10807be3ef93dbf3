import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import sharp from 'sharp';
import { createModerator } from '../harness/catalogue-fixtures';
import { createMember } from '../harness/identity-fixtures';
import { listingBody } from '../harness/listing-body';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/** What a broker or a moderator may do to one of a few listings; illegal moves are tried too. */
type Action =
  | { kind: 'create' }
  | { kind: 'image' | 'submit' | 'approve' | 'reject' | 'edit' | 'reprice' | 'delete' | 'publish'; listing: number };

const on = (kinds: Exclude<Action['kind'], 'create'>[]) =>
  fc.record({ kind: fc.constantFrom(...kinds), listing: fc.nat({ max: 3 }) }) as fc.Arbitrary<Action>;

/** Weighted towards the moves that lead to publication, so runs reach it often. */
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Action>({ kind: 'create' }) },
  { weight: 6, arbitrary: on(['image', 'submit', 'approve', 'publish']) },
  { weight: 3, arbitrary: on(['reject', 'edit', 'reprice', 'delete']) },
);

const photo = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 180, b: 150 } } })
  .jpeg()
  .toBuffer();

describeE2e('nothing unpublished is ever public (property-based)', () => {
  let platform: Platform;
  let broker: MemberFixture;
  let moderator: AccountFixture;
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    platform = await sharedPlatform();
    broker = await createMember(platform, { role: 'owner' });
    moderator = await createModerator(platform);
  });
  afterAll(() => platform?.close());

  async function perform(step: Action, ids: string[], marker: string): Promise<void> {
    if (step.kind === 'create') {
      const res = await api()
        .post('/v1/listings')
        .set(as(broker.token))
        .send(listingBody({ title_en: `Apartment ${marker}`, title_ar: `شقة ${marker}` }))
        .expect(201);
      ids.push(res.body.id as string);
      return;
    }
    const id = ids[step.listing % Math.max(ids.length, 1)];
    if (!id) return;
    const moves: Record<typeof step.kind, () => Promise<unknown>> = {
      image: async () =>
        api()
          .post(`/v1/listings/${id}/images`)
          .set(as(broker.token))
          .attach('file', await photo, 'photo.jpg'),
      submit: () => api().post(`/v1/listings/${id}/submit`).set(as(broker.token)),
      approve: () => api().post(`/v1/moderation/listings/${id}/approve`).set(as(moderator.token)).send({}),
      reject: () =>
        api().post(`/v1/moderation/listings/${id}/reject`).set(as(moderator.token)).send({ reason: 'Blurry photos' }),
      edit: () =>
        api()
          .patch(`/v1/listings/${id}`)
          .set(as(broker.token))
          .send({ title_en: `Renovated ${marker}` }),
      // Four times the price: beyond the automated band, back to moderation when published.
      reprice: () => api().patch(`/v1/listings/${id}`).set(as(broker.token)).send({ price: 4_800_000 }),
      delete: () => api().delete(`/v1/listings/${id}`).set(as(broker.token)),
      // The whole way in one step: upload, submit, approve (each may be refused by the state it finds).
      publish: async () => {
        await moves.image();
        await moves.submit();
        return moves.approve();
      },
    };
    const res = (await moves[step.kind]()) as { status?: number } | undefined;
    // Every refusal is a clean 4xx; nothing a broker or moderator does is a 500.
    if (res?.status !== undefined) expect(res.status).toBeLessThan(500);
  }

  /** The truth, as the broker sees it: which of the run's listings are published now. */
  async function publishedNow(ids: string[]): Promise<Set<string>> {
    const published = new Set<string>();
    for (const id of ids) {
      const res = await api().get(`/v1/listings/${id}`).set(as(broker.token));
      if (res.status === 200 && res.body.status === 'published') published.add(id);
    }
    return published;
  }

  it('should show in search and by id exactly the listings that are published, after every step', async () => {
    let publishedSteps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 14 }), async (steps) => {
        const marker = `zq${randomBytes(4).toString('hex')}`;
        const ids: string[] = [];
        for (const step of steps) {
          await perform(step, ids, marker);
          const published = await publishedNow(ids);
          publishedSteps += published.size > 0 ? 1 : 0;
          const search = await api().get('/v1/properties').query({ q: marker, limit: 50 }).expect(200);
          const found = new Set((search.body.properties as { id: string }[]).map((item) => item.id));
          expect([...found].sort()).toEqual([...published].sort());
          for (const id of ids) {
            const detail = await api().get(`/v1/properties/${id}`);
            expect([id, detail.status]).toEqual([id, published.has(id) ? 200 : 404]);
          }
        }
      }),
      {
        numRuns: 12,
        // One run is the lifecycle itself, so publication is always among the cases tried.
        examples: [
          [
            [
              { kind: 'create' },
              { kind: 'publish', listing: 0 },
              { kind: 'edit', listing: 0 },
              { kind: 'reprice', listing: 0 },
              { kind: 'approve', listing: 0 },
              { kind: 'create' },
              { kind: 'publish', listing: 1 },
              { kind: 'delete', listing: 0 },
            ],
          ],
        ],
      },
    );
    expect(publishedSteps).toBeGreaterThan(0); // the runs did reach publication, not only drafts
    process.stdout.write(`listing visibility: ${publishedSteps} steps had a published listing\n`);
  });
});
