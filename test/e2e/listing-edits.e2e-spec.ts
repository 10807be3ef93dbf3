import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type {
  InboxPage,
  InquiryCreatedResponse,
  InquiryThreadResponse,
  ListingResponse,
  ListingsPageResponse,
  PropertyItem,
} from '@app/contracts';
import { createModerator, listingEvents, moderationLog, publishThroughApi } from '../harness/catalogue-fixtures';
import { listingBody } from '../harness/listing-body';
import { eventually, until } from '../harness/eventually';
import { createAccount, createMember } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const UNPUBLISH_REASON = 'السعر المعلن لا يطابق العقار — the advertised price does not match the property';

describeE2e('edits to a published listing: live at once, flagged to moderators, unpublished with a reason', () => {
  let platform: Platform;
  let broker: MemberFixture;
  let moderator: AccountFixture;
  let buyer: AccountFixture;
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A word no other listing carries, so a search by `q` finds this one only. */
  const marker = () => `Marker${randomBytes(4).toString('hex')}`;

  const apartment = (title: string) => listingBody({ title_en: title, title_ar: 'شقة مجددة في حي العليا' });

  const publishedListing = (title: string) =>
    publishThroughApi(platform, { broker: broker.token, moderator: moderator.token }, apartment(title));

  const queue = async () =>
    (
      (await api().get('/v1/moderation/listings?limit=100').set(as(moderator.token)).expect(200))
        .body as ListingsPageResponse
    ).data;

  const searchFor = async (q: string) =>
    ((await api().get('/v1/properties').query({ q }).expect(200)).body as { properties: PropertyItem[] }).properties;

  beforeAll(async () => {
    platform = await sharedPlatform({ env: { DEMO_TRANSACTIONS: 'true' } });
    broker = await createMember(platform, { role: 'owner', name: 'Layla Broker' });
    moderator = await createModerator(platform);
    buyer = await createAccount(platform, { name: 'سارة' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('should show an edit of a published listing in search at once, keep it published and out of the queue when the checks find nothing new', async () => {
    const word = marker();
    const listing = await publishedListing(`Bright apartment ${word}`);
    expect((await searchFor(word)).map((p) => p.id)).toEqual([listing.id]);

    const renamed = `Renovated apartment ${word}`;
    const edited = (
      await api()
        .patch(`/v1/listings/${listing.id}`)
        .set(as(broker.token))
        .send({ title_en: renamed, price: 1_250_000, description_ar: 'مطبخ جديد وأرضيات رخامية.' })
        .expect(200)
    ).body as ListingResponse;
    expect(edited).toMatchObject({ status: 'published', title_en: renamed, price: 1_250_000, flagged_at: null });

    const found = await searchFor(word);
    expect(found).toEqual([expect.objectContaining({ id: listing.id, title_en: renamed, price: 1_250_000 })]);
    const detail = await api().get(`/v1/properties/${listing.id}`).expect(200);
    expect(detail.body).toMatchObject({ title_en: renamed, description_ar: 'مطبخ جديد وأرضيات رخامية.' });
    expect((await queue()).map((l) => l.id)).not.toContain(listing.id);
    expect((await moderationLog(platform, listing.id)).map((e) => e.action)).toEqual(['submitted', 'approved']);
  });

  it('should flag a live edit the checks object to, let a moderator unpublish it with a reason, tell the broker and leave its inquiries open', async () => {
    const word = marker();
    const listing = await publishedListing(`Quiet apartment ${word}`);
    const { inquiry } = (
      await api()
        .post('/v1/inquiries')
        .set(as(buyer.token))
        .send({ property_id: listing.id, question: 'هل السعر نهائي؟' })
        .expect(201)
    ).body as InquiryCreatedResponse;

    // Nine million for 150 m² is far beyond the band of Al Olaya: the edit is live, and flagged.
    const jumped = (
      await api().patch(`/v1/listings/${listing.id}`).set(as(broker.token)).send({ price: 9_000_000 }).expect(200)
    ).body as ListingResponse;
    expect(jumped).toMatchObject({ status: 'published', price: 9_000_000 });
    expect(jumped.flagged_at).not.toBeNull();
    expect(jumped.flags[0]).toMatchObject({ code: 'changed_after_publication', changed: ['price', 'price_sar'] });
    expect(jumped.flags.map((f) => f.code)).toContain('price_outside_band');
    expect((await searchFor(word)).map((p) => [p.id, p.price])).toEqual([[listing.id, 9_000_000]]);

    const queued = (await queue()).find((l) => l.id === listing.id);
    expect(queued).toMatchObject({ status: 'published', flagged_at: jumped.flagged_at });
    expect(queued?.flags.map((f) => f.code)).toEqual(jumped.flags.map((f) => f.code));

    // Editing again keeps it flagged since the first flag (the queue stays in order).
    const again = (
      await api().patch(`/v1/listings/${listing.id}`).set(as(broker.token)).send({ bedrooms: 4 }).expect(200)
    ).body as ListingResponse;
    expect(again).toMatchObject({ status: 'published', bedrooms: 4, flagged_at: jumped.flagged_at });
    expect(again.flags[0]).toMatchObject({ changed: ['price', 'price_sar', 'bedrooms'] });

    const blank = await api()
      .post(`/v1/moderation/listings/${listing.id}/reject`)
      .set(as(moderator.token))
      .send({ reason: '   ' })
      .expect(422);
    expect(blank.body).toMatchObject({ error: 'validation_error', field: 'reason' });
    const unpublished = (
      await api()
        .post(`/v1/moderation/listings/${listing.id}/reject`)
        .set(as(moderator.token))
        .send({ reason: UNPUBLISH_REASON })
        .expect(200)
    ).body as ListingResponse;
    expect(unpublished).toMatchObject({ status: 'rejected', rejection_reason: UNPUBLISH_REASON, flagged_at: null });

    await api().get(`/v1/properties/${listing.id}`).expect(404);
    expect(await searchFor(word)).toEqual([]);
    expect((await queue()).map((l) => l.id)).not.toContain(listing.id);
    expect((await moderationLog(platform, listing.id)).map((e) => [e.action, e.moderator_id, e.reason])).toEqual([
      ['submitted', null, null],
      ['approved', moderator.accountId, null],
      ['flagged', null, null],
      ['unpublished', moderator.accountId, UNPUBLISH_REASON],
    ]);

    // The broker hears of it, with the reason.
    const inbox = await eventually(
      async () => ((await api().get('/v1/me/notifications').set(as(broker.token)).expect(200)).body as InboxPage).data,
      (items) => items.some((item) => item.kind === 'listing_unpublished'),
    );
    const told = inbox.find((item) => item.kind === 'listing_unpublished');
    expect(told).toMatchObject({ title: `Your listing was unpublished: Quiet apartment ${word}` });
    await until(async () => (await listingEvents(platform, listing.id)).every((e) => e.published_at !== null), 10_000);
    const rejectedEvent = (await listingEvents(platform, listing.id)).find(
      (e) => e.subject === 'catalogue.listing.rejected.v1',
    );
    expect(rejectedEvent?.payload).toMatchObject({
      status: 'rejected',
      unpublished: true,
      reason: UNPUBLISH_REASON,
      workspace_id: broker.workspaceId,
      broker_id: broker.accountId,
    });

    // The buyer's question is still open, and the broker can still answer it.
    const thread = (await api().get(`/v1/inquiries/${inquiry.id}`).set(as(buyer.token)).expect(200))
      .body as InquiryThreadResponse;
    expect(thread.status).toBe('open');
    await api()
      .post(`/v1/inquiries/${inquiry.id}/messages`)
      .set(as(broker.token))
      .send({ body: 'The listing is being corrected; the price is 1.25 million.' })
      .expect(201);

    // The broker corrects it and submits it again, as any rejected listing.
    await api().patch(`/v1/listings/${listing.id}`).set(as(broker.token)).send({ price: 1_250_000 }).expect(200);
    const resubmitted = (await api().post(`/v1/listings/${listing.id}/submit`).set(as(broker.token)).expect(200))
      .body as ListingResponse;
    expect(resubmitted).toMatchObject({ status: 'pending', rejection_reason: null });
  });

  it('should keep a flagged listing live when the moderator approves the edit, and not flag the same finding again', async () => {
    const listing = await publishedListing(`Corner apartment ${marker()}`);
    await api().patch(`/v1/listings/${listing.id}`).set(as(broker.token)).send({ price: 9_500_000 }).expect(200);
    const kept = (
      await api().post(`/v1/moderation/listings/${listing.id}/approve`).set(as(moderator.token)).expect(200)
    ).body as ListingResponse;
    expect(kept).toMatchObject({ status: 'published', flagged_at: null, listed_at: listing.listed_at });
    expect(kept.flags.map((f) => f.code)).toContain('price_outside_band');
    expect(kept.ai_bullets_en.join(' ')).toContain('9,500,000');

    const nudged = (
      await api().patch(`/v1/listings/${listing.id}`).set(as(broker.token)).send({ price: 9_400_000 }).expect(200)
    ).body as ListingResponse;
    expect(nudged).toMatchObject({ status: 'published', flagged_at: null });
    expect((await queue()).map((l) => l.id)).not.toContain(listing.id);

    // Approving a published listing that awaits nothing is still 409, as before.
    const twice = await api()
      .post(`/v1/moderation/listings/${listing.id}/approve`)
      .set(as(moderator.token))
      .expect(409);
    expect(twice.body).toMatchObject({ error: 'invalid_state', state: 'published' });
    // Nor is it unpublished: a reject racing an approval of a pending listing must not take it down.
    const notFlagged = await api()
      .post(`/v1/moderation/listings/${listing.id}/reject`)
      .set(as(moderator.token))
      .send({ reason: 'too late' })
      .expect(409);
    expect(notFlagged.body).toMatchObject({ error: 'invalid_state', state: 'published' });
    expect((await api().get(`/v1/properties/${listing.id}`).expect(200)).body).toMatchObject({ price: 9_400_000 });
    // A draft cannot be unpublished.
    const draft = (await api().post('/v1/listings').set(as(broker.token)).send(apartment('Draft')).expect(201))
      .body as ListingResponse;
    const notLive = await api()
      .post(`/v1/moderation/listings/${draft.id}/reject`)
      .set(as(moderator.token))
      .send({ reason: 'no' })
      .expect(409);
    expect(notLive.body).toMatchObject({ error: 'invalid_state', state: 'draft' });
  });
});
