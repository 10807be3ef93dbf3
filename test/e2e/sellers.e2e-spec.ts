import request from 'supertest';
import type {
  AvailabilityResponse,
  BookingCreatedResponse,
  BookingResponse,
  BookingsPageResponse,
  InboxPage,
  InquiriesPageResponse,
  InquiryCreatedResponse,
  InquiryThreadResponse,
  LeadResponse,
  LeadsPageResponse,
  ListingResponse,
  ListingsPageResponse,
} from '@app/contracts';
import { addListingImage, createModerator, publishedListing } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { eventually } from '../harness/eventually';
import { createAccount, createMember } from '../harness/identity-fixtures';
import { listingBody } from '../harness/listing-body';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const TITLE_AR = 'فيلا عائلية في حي العليا يبيعها مالكها';
const QUESTION_AR = 'هل يمكن معاينة الفيلا مساء الخميس؟';

/** A listing a seller writes: their own villa, complete enough to submit once it has an image. */
const villa = (overrides: Record<string, unknown> = {}) =>
  listingBody({
    property_type: 'villa',
    title_en: 'Family villa sold by its owner',
    title_ar: TITLE_AR,
    price: 3_200_000,
    area_sqm: 400,
    bedrooms: 5,
    bathrooms: 4,
    ...overrides,
  });

let slotCounter = 0;
/** A start well in the future on a whole hour, unique per call. */
const futureStart = () => new Date(Date.UTC(2032, 4, 2, 6, 0) + ++slotCounter * 3_600_000).toISOString();

describeE2e('sellers: their own listings, leads and viewings, with no workspace', () => {
  let platform: Platform;
  let moderator: AccountFixture;
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  const newSeller = (name?: string) => createAccount(platform, { accountRole: 'seller', name });

  async function draft(seller: AccountFixture, body: object = villa()): Promise<ListingResponse> {
    return (await api().post('/v1/listings').set(as(seller.token)).send(body).expect(201)).body as ListingResponse;
  }

  /** Created, given an image, submitted and approved by a moderator: what a buyer can find. */
  async function published(seller: AccountFixture, body: object = villa()): Promise<ListingResponse> {
    const listing = await draft(seller, body);
    await addListingImage(platform, listing.id);
    await api().post(`/v1/listings/${listing.id}/submit`).set(as(seller.token)).expect(200);
    return (await api().post(`/v1/moderation/listings/${listing.id}/approve`).set(as(moderator.token)).expect(200))
      .body as ListingResponse;
  }

  async function ledgerEntriesAbout(reference: string): Promise<number> {
    const result = await withClient(platform.databaseUrl, (client) =>
      client.query<{ count: string }>(`SELECT count(*) AS count FROM billing.ledger_entries WHERE reference = $1`, [
        reference,
      ]),
    );
    return Number(result.rows[0].count);
  }

  beforeAll(async () => {
    platform = await sharedPlatform({ env: { DEMO_TRANSACTIONS: 'true' } });
    moderator = await createModerator(platform);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('should take a seller from a draft to a published listing a buyer inquires about and books, answered by the seller, with no lead credit', async () => {
    const seller = await newSeller('نورة البائعة');
    const buyer = await createAccount(platform, { name: 'سارة المشترية' });

    const created = await draft(seller);
    expect(created).toMatchObject({
      status: 'draft',
      seller_id: seller.accountId,
      workspace_id: null,
      title_ar: TITLE_AR,
    });
    const incomplete = await api().post(`/v1/listings/${created.id}/submit`).set(as(seller.token)).expect(422);
    expect(incomplete.body).toMatchObject({ error: 'listing_incomplete', missing: ['images'] });
    await addListingImage(platform, created.id);
    const pending = (await api().post(`/v1/listings/${created.id}/submit`).set(as(seller.token)).expect(200))
      .body as ListingResponse;
    expect(pending.status).toBe('pending');

    const queue = (await api().get('/v1/moderation/listings?limit=100').set(as(moderator.token)).expect(200))
      .body as ListingsPageResponse;
    expect(queue.data.find((l) => l.id === created.id)).toMatchObject({ seller_id: seller.accountId });
    await api().post(`/v1/moderation/listings/${created.id}/approve`).set(as(moderator.token)).expect(200);

    // Public, with no broker behind it: a seller has no workspace, page or badge.
    const detail = await api().get(`/v1/properties/${created.id}`).expect(200);
    expect(detail.body).toMatchObject({ id: created.id, broker: null });
    const mine = (await api().get('/v1/listings').set(as(seller.token)).expect(200)).body as ListingsPageResponse;
    expect(mine.data.map((l) => l.id)).toEqual([created.id]);

    // The seller opens a viewing slot; the buyer finds it.
    const startsAt = futureStart();
    await api()
      .post('/v1/workspace/slots')
      .set(as(seller.token))
      .send({ property_id: created.id, starts_at: startsAt })
      .expect(201);
    const availability = (
      await api()
        .get(`/v1/properties/${created.id}/availability`)
        .query({
          from: new Date(Date.parse(startsAt) - 3_600_000).toISOString(),
          to: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
        })
        .expect(200)
    ).body as AvailabilityResponse;
    expect(availability.slots.map((slot) => slot.starts_at)).toContain(startsAt);

    const { inquiry, charged } = (
      await api()
        .post('/v1/inquiries')
        .set(as(buyer.token))
        .send({ property_id: created.id, question: QUESTION_AR })
        .expect(201)
    ).body as InquiryCreatedResponse;
    expect(charged).toBe(false);
    expect(inquiry).toMatchObject({ broker_id: seller.accountId, status: 'open', question: QUESTION_AR });

    // Spec 6: "Broker or seller gets an email" (and the in-app item).
    const inbox = await eventually(
      async () => ((await api().get('/v1/me/notifications').set(as(seller.token)).expect(200)).body as InboxPage).data,
      (items) => items.some((item) => item.kind === 'inquiry_created'),
    );
    expect(inbox.find((item) => item.kind === 'inquiry_created')).toMatchObject({
      data: { property_id: created.id, inquiry_id: inquiry.id },
    });

    const threads = (await api().get('/v1/inquiries').set(as(seller.token)).expect(200)).body as InquiriesPageResponse;
    expect(threads.data.map((t) => t.id)).toEqual([inquiry.id]);
    await api()
      .post(`/v1/inquiries/${inquiry.id}/messages`)
      .set(as(seller.token))
      .send({ body: 'نعم، الخميس الساعة السابعة مساءً مناسب.' })
      .expect(201);
    const thread = (await api().get(`/v1/inquiries/${inquiry.id}`).set(as(buyer.token)).expect(200))
      .body as InquiryThreadResponse;
    expect(thread.status).toBe('replied');
    expect(thread.messages.map((m) => m.side)).toEqual(['broker']);

    const booked = (
      await api()
        .post('/v1/bookings')
        .set(as(buyer.token))
        .send({ property_id: created.id, scheduled_at: startsAt, user_phone: '+966501234567' })
        .expect(201)
    ).body as BookingCreatedResponse;
    expect(booked.charged).toBe(false);
    const bookings = (await api().get('/v1/bookings').set(as(seller.token)).expect(200)).body as BookingsPageResponse;
    expect(bookings.data).toEqual([
      expect.objectContaining({ id: booked.booking.id, status: 'pending', user_phone: '+966501234567' }),
    ]);
    const confirmed = (
      await api().post(`/v1/bookings/${booked.booking.id}/confirm`).set(as(seller.token)).send({}).expect(200)
    ).body as BookingResponse;
    expect(confirmed.status).toBe('confirmed');

    // Spec 2.5: the lead outcome is the seller's to set; the lead was never locked nor charged.
    const leads = (await api().get('/v1/workspace/leads').set(as(seller.token)).expect(200)).body as LeadsPageResponse;
    expect(leads.data).toHaveLength(1);
    const [lead] = leads.data;
    expect(lead).toMatchObject({ user_id: buyer.accountId, locked: false, charged_at: null, source: 'inquiry' });
    expect(lead.contact).toMatchObject({ email: buyer.email });
    const outcome = (
      await api()
        .patch(`/v1/workspace/leads/${lead.id}`)
        .set(as(seller.token))
        .send({ stage: 'viewing', outcome: 'still_interested' })
        .expect(200)
    ).body as LeadResponse;
    expect(outcome).toMatchObject({ stage: 'viewing', outcome: 'still_interested' });
    expect(await ledgerEntriesAbout(lead.id)).toBe(0);

    const self = await api()
      .post('/v1/inquiries')
      .set(as(seller.token))
      .send({ property_id: created.id, question: 'Mine?' })
      .expect(403);
    expect(self.body).toMatchObject({ error: 'self_inquiry_forbidden' });
  });

  it('should hold a seller to 5 listings at a time, exactly, when many are created at once', async () => {
    const seller = await newSeller();
    const raced = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api()
          .post('/v1/listings')
          .set(as(seller.token))
          .send(villa({ title_en: `Villa ${i}` })),
      ),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    const refused = raced.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ error: 'conflict', details: { max_listings: 5, active_listings: 5 } });
    const listed = (await api().get('/v1/listings?limit=100').set(as(seller.token)).expect(200))
      .body as ListingsPageResponse;
    expect(listed.data).toHaveLength(5);

    // A rejected listing makes room; submitting it again needs room back.
    const first = listed.data[0];
    await addListingImage(platform, first.id);
    await api().post(`/v1/listings/${first.id}/submit`).set(as(seller.token)).expect(200);
    await api()
      .post(`/v1/moderation/listings/${first.id}/reject`)
      .set(as(moderator.token))
      .send({ reason: 'الصور غير واضحة' })
      .expect(200);
    await draft(seller);
    const full = await api().post(`/v1/listings/${first.id}/submit`).set(as(seller.token)).expect(409);
    expect(full.body).toMatchObject({ error: 'conflict', details: { max_listings: 5 } });
    await api().delete(`/v1/listings/${listed.data[1].id}`).set(as(seller.token)).expect(200);
    await api().post(`/v1/listings/${first.id}/submit`).set(as(seller.token)).expect(200);
  });

  it("should answer 404 to another seller's or a broker's listing, lead, slot and thread, either way round", async () => {
    const seller = await newSeller();
    const other = await newSeller();
    const broker: MemberFixture = await createMember(platform, { role: 'owner' });
    const buyer = await createAccount(platform);
    const sellers = await published(seller);
    const brokers = await publishedListing(platform, { workspaceId: broker.workspaceId, createdBy: broker.accountId });
    const { inquiry } = (
      await api()
        .post('/v1/inquiries')
        .set(as(buyer.token))
        .send({ property_id: sellers.id, question: 'Still for sale?' })
        .expect(201)
    ).body as InquiryCreatedResponse;
    const slot = (
      await api()
        .post('/v1/workspace/slots')
        .set(as(seller.token))
        .send({ property_id: sellers.id, starts_at: futureStart() })
        .expect(201)
    ).body as { id: string };

    const strangers: [string, string][] = [
      [other.token, sellers.id],
      [broker.token, sellers.id],
      [seller.token, brokers],
    ];
    for (const [token, id] of strangers) {
      for (const res of [
        await api().get(`/v1/listings/${id}`).set(as(token)),
        await api().patch(`/v1/listings/${id}`).set(as(token)).send({ title_en: 'Mine now' }),
        await api().post(`/v1/listings/${id}/submit`).set(as(token)),
        await api().delete(`/v1/listings/${id}`).set(as(token)),
        await api().post('/v1/workspace/slots').set(as(token)).send({ property_id: id, starts_at: futureStart() }),
      ])
        expect([res.status, (res.body as { error: string }).error]).toEqual([404, 'not_found']);
    }
    await api().get(`/v1/inquiries/${inquiry.id}`).set(as(other.token)).expect(404);
    await api().post(`/v1/inquiries/${inquiry.id}/messages`).set(as(broker.token)).send({ body: 'Hi' }).expect(404);
    await api().delete(`/v1/workspace/slots/${slot.id}`).set(as(other.token)).expect(404);
    const lead = ((await api().get('/v1/workspace/leads').set(as(seller.token)).expect(200)).body as LeadsPageResponse)
      .data[0];
    await api().patch(`/v1/workspace/leads/${lead.id}`).set(as(other.token)).send({ outcome: 'bought' }).expect(404);
    await api().patch(`/v1/workspace/leads/${lead.id}`).set(as(broker.token)).send({ outcome: 'bought' }).expect(404);
    expect(
      ((await api().get('/v1/workspace/leads').set(as(other.token)).expect(200)).body as LeadsPageResponse).data,
    ).toEqual([]);
    expect(
      ((await api().get('/v1/inquiries').set(as(broker.token)).expect(200)).body as InquiriesPageResponse).data,
    ).toEqual([]);
    // Nothing the others tried changed it.
    expect((await api().get(`/v1/listings/${sellers.id}`).set(as(seller.token)).expect(200)).body).toMatchObject({
      status: 'published',
      title_en: villa().title_en,
    });
  });

  it('should refuse a seller API keys, decisions and the bulk import (spec 1)', async () => {
    const seller = await newSeller();
    const keys = await api().post('/v1/workspace/api-keys').set(as(seller.token)).send({ label: 'mine' }).expect(403);
    expect(keys.body).toMatchObject({ error: 'forbidden' });
    await api().get('/v1/workspace/api-keys').set(as(seller.token)).expect(403);
    await api().get('/v1/decisions').set(as(seller.token)).expect(403);
    // Decisions are made with API keys only, and a seller can have none.
    const decide = await api().post('/v1/decisions').set(as(seller.token)).send({}).expect(401);
    expect(decide.body).toMatchObject({ error: 'invalid_api_key' });
    await api().get('/v1/listings/import/template.csv').set(as(seller.token)).expect(403);
    // A buyer is still no seller: no listings of their own.
    const buyer = await createAccount(platform);
    await api().post('/v1/listings').set(as(buyer.token)).send(villa()).expect(403);
  });
});
