import request from 'supertest';
import type {
  AvailabilityResponse,
  BookingCreatedResponse,
  BookingResponse,
  InquiryCreatedResponse,
  InquiryThreadResponse,
  LeadsPageResponse,
} from '@app/contracts';
import { publishedListing, setPhone } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { viewingStarted } from '../harness/leads-fixtures';
import { createAccount, createApiKey, createMember } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { describeDistributed, describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { eventually } from '../harness/eventually';

const BROKER_PHONE = '+966501112233';
const QUESTION_AR = 'هل الشقة متاحة للمعاينة يوم الخميس؟ وهل السعر قابل للتفاوض؟';

/** The next occurrence of a weekday (0 = Sunday) at least two days ahead, as YYYY-MM-DD. */
function nextWeekday(weekday: number, after = new Date()): string {
  const day = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate() + 2));
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A start well in the future, on a whole minute, unique per call (one-off slots must not collide). */
let slotCounter = 0;
function futureStart(): string {
  slotCounter += 1;
  const base = Date.UTC(2030, 0, 1, 6, 0) + slotCounter * 3_600_000;
  return new Date(base).toISOString();
}

describeE2e('leads: inquiries, slots, bookings, phone reveal, CRM', () => {
  let platform: Platform;
  let broker: MemberFixture;
  let agent: MemberFixture;
  let rival: MemberFixture;
  let buyer: AccountFixture;
  let otherBuyer: AccountFixture;
  let listingId: string;

  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function buyCredits(owner: MemberFixture, quantity: number) {
    const res = await api().post('/v1/workspace/lead-credits').set(as(owner.token)).send({ quantity }).expect(201);
    return res.body as { balance: number };
  }

  async function leadCredits(owner: MemberFixture): Promise<number> {
    const res = await api().get('/v1/workspace/balance').set(as(owner.token)).expect(200);
    return (res.body as { lead_credits: number }).lead_credits;
  }

  function inquire(token: string, propertyId: string, question = QUESTION_AR) {
    return api().post('/v1/inquiries').set(as(token)).send({ property_id: propertyId, question });
  }

  async function openSlot(owner: MemberFixture, propertyId: string, startsAt = futureStart()): Promise<string> {
    await api()
      .post('/v1/workspace/slots')
      .set(as(owner.token))
      .send({ property_id: propertyId, starts_at: startsAt })
      .expect(201);
    return startsAt;
  }

  beforeAll(async () => {
    // A loaded CI machine must not turn a slow billing answer into an uncharged lead: the deadline of production.
    platform = await startPlatform({ env: { LEADS_SWEEP_INTERVAL_MS: '300', RPC_TIMEOUT_MS: '5000' } });
    broker = await createMember(platform, { role: 'owner', name: 'وسيط تجريبي' });
    agent = await createMember(platform, { role: 'agent', workspaceId: broker.workspaceId });
    rival = await createMember(platform, { role: 'agent' });
    buyer = await createAccount(platform, { name: 'سارة المشتري' });
    otherBuyer = await createAccount(platform);
    await setPhone(platform, broker.accountId, BROKER_PHONE);
    await setPhone(platform, buyer.accountId, '+966551234567');
    listingId = await publishedListing(platform, { workspaceId: broker.workspaceId, createdBy: broker.accountId });
    await buyCredits(broker, 50);
  });

  afterAll(() => platform?.close());

  describe('inquiries', () => {
    it('should carry a thread from question to reply, follow-up and close, charging one lead credit once', async () => {
      const before = await leadCredits(broker);
      const created = await inquire(buyer.token, listingId).expect(201);
      const { inquiry, charged } = created.body as InquiryCreatedResponse;
      expect(charged).toBe(true);
      expect(inquiry).toMatchObject({
        property_id: listingId,
        user_id: buyer.accountId,
        broker_id: broker.accountId,
        question: QUESTION_AR,
        status: 'open',
        preferred_contact: 'whatsapp',
      });
      expect(await leadCredits(broker)).toBe(before - 1);

      const inbox = await api().get('/v1/inquiries').set(as(agent.token)).expect(200);
      expect((inbox.body as { data: { id: string }[] }).data.map((row) => row.id)).toContain(inquiry.id);

      await api()
        .post(`/v1/inquiries/${inquiry.id}/messages`)
        .set(as(agent.token))
        .send({ body: 'نعم، متاحة يوم الخميس الساعة الخامسة.' })
        .expect(201);
      await api()
        .post(`/v1/inquiries/${inquiry.id}/messages`)
        .set(as(buyer.token))
        .send({ body: 'Great, thank you!' })
        .expect(201);
      const thread = (await api().get(`/v1/inquiries/${inquiry.id}`).set(as(buyer.token)).expect(200))
        .body as InquiryThreadResponse;
      expect(thread.status).toBe('replied');
      expect(thread.messages.map((message) => [message.side, message.body])).toEqual([
        ['broker', 'نعم، متاحة يوم الخميس الساعة الخامسة.'],
        ['buyer', 'Great, thank you!'],
      ]);

      // A second inquiry on the same listing is the same lead: free.
      const again = await inquire(buyer.token, listingId, 'And the service charges?').expect(201);
      expect((again.body as InquiryCreatedResponse).charged).toBe(false);
      expect((again.body as InquiryCreatedResponse).inquiry.lead_id).toBe(inquiry.lead_id);
      expect(await leadCredits(broker)).toBe(before - 1);

      const closed = await api()
        .patch(`/v1/inquiries/${inquiry.id}`)
        .set(as(buyer.token))
        .send({ status: 'closed' })
        .expect(200);
      expect(closed.body).toMatchObject({ status: 'closed', closed_reason: 'buyer' });
      const late = await api()
        .post(`/v1/inquiries/${inquiry.id}/messages`)
        .set(as(agent.token))
        .send({ body: 'Still there?' })
        .expect(409);
      expect(late.body).toMatchObject({ error: 'invalid_state', state: 'closed' });
    });

    it('should send an API key’s inquiry from the key’s creator, and show the key its workspace’s inbox', async () => {
      const key = await createApiKey(platform, rival.workspaceId, rival.accountId);
      const created = await inquire(key, listingId, 'Sent through our CRM integration').expect(201);
      const { inquiry } = created.body as InquiryCreatedResponse;
      expect(inquiry.user_id).toBe(rival.accountId);
      const brokerKey = await createApiKey(platform, broker.workspaceId, broker.accountId);
      const inbox = await api().get('/v1/inquiries').set(as(brokerKey)).query({ property_id: listingId }).expect(200);
      expect((inbox.body as { data: { id: string }[] }).data.map((row) => row.id)).toContain(inquiry.id);
      const theirs = await api().get('/v1/inquiries').set(as(key)).expect(200);
      expect((theirs.body as { data: { id: string }[] }).data.map((row) => row.id)).not.toContain(inquiry.id);
    });

    it('should refuse bad input with the contract error and store nothing', async () => {
      const fresh = await createAccount(platform);
      const cases: [Record<string, unknown>, number, string, string | undefined][] = [
        [{ property_id: listingId, question: '' }, 422, 'validation_error', 'question'],
        [{ property_id: listingId, question: 'x'.repeat(2001) }, 422, 'validation_error', 'question'],
        [
          { property_id: listingId, question: 'Hi', preferred_contact: 'pigeon' },
          422,
          'validation_error',
          'preferred_contact',
        ],
        [{ property_id: 'not-a-uuid', question: 'Hi' }, 422, 'validation_error', 'property_id'],
        [{ property_id: '6f1c1d7e-3a7b-4c1e-9a64-0d1f5b1f0a11', question: 'Hi' }, 404, 'property_not_found', undefined],
      ];
      for (const [body, status, error, field] of cases) {
        const res = await api().post('/v1/inquiries').set(as(fresh.token)).send(body).expect(status);
        expect(res.body).toMatchObject({ error, ...(field ? { field } : {}) });
      }
      const draft = await publishedListing(platform, {
        workspaceId: broker.workspaceId,
        createdBy: broker.accountId,
        status: 'draft',
      });
      expect((await inquire(fresh.token, draft).expect(404)).body).toMatchObject({ error: 'property_not_found' });
      expect((await inquire(agent.token, listingId).expect(403)).body).toMatchObject({
        error: 'self_inquiry_forbidden',
      });
      await api().post('/v1/inquiries').send({ property_id: listingId, question: 'Hi' }).expect(401);
      const stored = await withClient(platform.databaseUrl, (client) =>
        client.query(`SELECT count(*)::int AS n FROM leads.inquiries WHERE buyer_id = $1`, [fresh.accountId]),
      );
      expect(stored.rows[0].n).toBe(0);
    });

    it('should let exactly 10 of 20 concurrent inquiries from one buyer through and tell the rest when to retry', async () => {
      const eager = await createAccount(platform);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => inquire(eager.token, listingId, `Question ${i}`)),
      );
      const statuses = responses.map((res) => res.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      for (const res of responses.filter((r) => r.status === 429)) {
        const body = res.body as { error: string; retry_after: number };
        expect(body.error).toBe('rate_limited');
        expect(body.retry_after).toBeGreaterThan(3500);
        expect(body.retry_after).toBeLessThanOrEqual(3600);
        expect(res.headers['retry-after']).toBe(String(body.retry_after));
      }
      const stored = await withClient(platform.databaseUrl, (client) =>
        client.query(`SELECT count(*)::int AS n FROM leads.inquiries WHERE buyer_id = $1`, [eager.accountId]),
      );
      expect(stored.rows[0].n).toBe(10);
    });

    it('should answer charged: true for every new lead it paid for when credit purchases unlock leads at the same moment', async () => {
      // A new lead is committed locked, then charged; the sweep (every 300 ms here) and each
      // purchase's unlock may charge it first, with the same debit keyed on the lead.
      const owner = await createMember(platform, { role: 'owner' });
      const listing = await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: owner.accountId });
      const start = (await buyCredits(owner, 30)).balance;
      const buyers = await Promise.all(Array.from({ length: 12 }, () => createAccount(platform)));
      const [answers] = await Promise.all([
        Promise.all(buyers.map((b) => inquire(b.token, listing).expect(201))),
        Promise.all(Array.from({ length: 4 }, () => buyCredits(owner, 1))),
      ]);
      expect(answers.map((res) => (res.body as InquiryCreatedResponse).charged)).toEqual(buyers.map(() => true));
      expect(await leadCredits(owner)).toBe(start + 4 - buyers.length);
    });

    it('should close a listing’s open threads when the listing is deleted', async () => {
      const doomed = await publishedListing(platform, { workspaceId: broker.workspaceId, createdBy: broker.accountId });
      const { inquiry } = (await inquire(otherBuyer.token, doomed).expect(201)).body as InquiryCreatedResponse;
      await api().delete(`/v1/listings/${doomed}`).set(as(broker.token)).expect(200);
      const thread = await eventually(
        async () =>
          (await api().get(`/v1/inquiries/${inquiry.id}`).set(as(otherBuyer.token))).body as InquiryThreadResponse,
        (body) => body.status === 'closed',
      );
      expect(thread).toMatchObject({ status: 'closed', closed_reason: 'listing_deleted' });
    });

    it('should close a thread quiet for 30 days', async () => {
      const quiet = await publishedListing(platform, { workspaceId: broker.workspaceId, createdBy: broker.accountId });
      const { inquiry } = (await inquire(otherBuyer.token, quiet).expect(201)).body as InquiryCreatedResponse;
      await withClient(platform.databaseUrl, (client) =>
        client.query(`UPDATE leads.inquiries SET last_message_at = now() - interval '31 days' WHERE id = $1`, [
          inquiry.id,
        ]),
      );
      const thread = await eventually(
        async () =>
          (await api().get(`/v1/inquiries/${inquiry.id}`).set(as(broker.token))).body as InquiryThreadResponse,
        (body) => body.status === 'closed',
      );
      expect(thread).toMatchObject({ status: 'closed', closed_reason: 'expired' });
    });
  });

  describe('slots and availability', () => {
    it('should expand a weekly Riyadh rule over a month into UTC and local times, and drop booked starts', async () => {
      const riyadh = await publishedListing(platform, { workspaceId: broker.workspaceId, createdBy: broker.accountId });
      const from = nextWeekday(0); // a Sunday
      const rule = await api()
        .post('/v1/workspace/slots')
        .set(as(broker.token))
        .send({ property_id: riyadh, weekday: 0, local_time: '10:00', from, duration_minutes: 45 })
        .expect(201);
      expect(rule.body).toMatchObject({
        object: 'slot_rule',
        weekday: 0,
        local_time: '10:00',
        time_zone: 'Asia/Riyadh',
        from,
      });

      const start = new Date(`${from}T00:00:00Z`);
      const end = new Date(start.getTime() + 28 * 86_400_000);
      const res = await api()
        .get(`/v1/properties/${riyadh}/availability`)
        .query({ from: start.toISOString(), to: end.toISOString() })
        .expect(200);
      const availability = res.body as AvailabilityResponse;
      expect(availability.time_zone).toBe('Asia/Riyadh');
      const expected = [0, 7, 14, 21].map((days) => {
        const day = new Date(start.getTime() + days * 86_400_000).toISOString().slice(0, 10);
        return { starts_at: `${day}T07:00:00.000Z`, local_time: `${day}T10:00:00+03:00`, duration_minutes: 45 };
      });
      expect(availability.slots).toEqual(expected);

      await api()
        .post('/v1/bookings')
        .set(as(buyer.token))
        .send({ property_id: riyadh, scheduled_at: expected[1].starts_at })
        .expect(201);
      const after = (
        await api()
          .get(`/v1/properties/${riyadh}/availability`)
          .query({ from: start.toISOString(), to: end.toISOString() })
          .expect(200)
      ).body as AvailabilityResponse;
      expect(after.slots.map((slot) => slot.starts_at)).toEqual(
        [expected[0], expected[2], expected[3]].map((s) => s.starts_at),
      );
    });

    it('should keep a weekly Dubai rule on Dubai time (UTC+4) across a month', async () => {
      const dubai = await publishedListing(platform, {
        workspaceId: broker.workspaceId,
        createdBy: broker.accountId,
        timeZone: 'Asia/Dubai',
      });
      const from = nextWeekday(6); // a Saturday
      await api()
        .post('/v1/workspace/slots')
        .set(as(broker.token))
        .send({ property_id: dubai, weekday: 6, local_time: '18:30', from })
        .expect(201);
      const start = new Date(`${from}T00:00:00Z`);
      const res = await api()
        .get(`/v1/properties/${dubai}/availability`)
        .query({ from: start.toISOString(), to: new Date(start.getTime() + 30 * 86_400_000).toISOString() })
        .expect(200);
      const slots = (res.body as AvailabilityResponse).slots;
      expect(slots.length).toBeGreaterThanOrEqual(4);
      for (const slot of slots) {
        expect(slot.starts_at).toMatch(/T14:30:00\.000Z$/);
        expect(slot.local_time).toMatch(/T18:30:00\+04:00$/);
        expect(new Date(slot.starts_at).getUTCDay()).toBe(6);
        expect(slot.duration_minutes).toBe(30);
      }
    });

    it('should list, refuse and delete slots per workspace', async () => {
      const startsAt = await openSlot(broker, listingId);
      const duplicate = await api()
        .post('/v1/workspace/slots')
        .set(as(broker.token))
        .send({ property_id: listingId, starts_at: startsAt })
        .expect(409);
      expect(duplicate.body).toMatchObject({ error: 'conflict' });
      await api()
        .post('/v1/workspace/slots')
        .set(as(rival.token))
        .send({ property_id: listingId, starts_at: futureStart() })
        .expect(404);
      const past = await api()
        .post('/v1/workspace/slots')
        .set(as(broker.token))
        .send({ property_id: listingId, starts_at: '2020-01-01T10:00:00Z' })
        .expect(422);
      expect(past.body).toMatchObject({ error: 'validation_error', field: 'starts_at' });

      const list = await api()
        .get('/v1/workspace/slots')
        .set(as(agent.token))
        .query({ property_id: listingId })
        .expect(200);
      const slot = (list.body as { data: { id: string; starts_at: string }[] }).data.find(
        (row) => row.starts_at === new Date(startsAt).toISOString(),
      )!;
      await api().delete(`/v1/workspace/slots/${slot.id}`).set(as(rival.token)).expect(404);
      await api().delete(`/v1/workspace/slots/${slot.id}`).set(as(broker.token)).expect(204);
      const booking = await api()
        .post('/v1/bookings')
        .set(as(buyer.token))
        .send({ property_id: listingId, scheduled_at: startsAt })
        .expect(422);
      expect(booking.body).toMatchObject({ error: 'slot_unavailable' });
    });
  });

  describe('bookings', () => {
    it('should walk booking → confirm → complete → survey, once', async () => {
      const scheduledAt = await openSlot(broker, listingId);
      const created = await api()
        .post('/v1/bookings')
        .set(as(buyer.token))
        .send({ property_id: listingId, scheduled_at: scheduledAt, notes: 'سأحضر مع عائلتي' })
        .expect(201);
      const { booking } = created.body as BookingCreatedResponse;
      expect(booking).toMatchObject({ status: 'pending', scheduled_at: scheduledAt, user_phone: '+966551234567' });

      const early = await api().post(`/v1/bookings/${booking.id}/complete`).set(as(agent.token)).expect(409);
      expect(early.body).toMatchObject({ error: 'invalid_state', state: 'pending' });
      await api().post(`/v1/bookings/${booking.id}/confirm`).set(as(buyer.token)).expect(403);
      await api().post(`/v1/bookings/${booking.id}/confirm`).set(as(agent.token)).expect(200);
      await api().post(`/v1/bookings/${booking.id}/survey`).set(as(buyer.token)).send({ rating: 5 }).expect(409);
      const notYet = await api().post(`/v1/bookings/${booking.id}/complete`).set(as(agent.token)).expect(409);
      expect(notYet.body).toMatchObject({
        error: 'invalid_state',
        state: 'confirmed',
        details: { scheduled_at: scheduledAt },
        message: expect.stringContaining(scheduledAt) as string,
      });
      await viewingStarted(platform, booking.id);
      const done = await api().post(`/v1/bookings/${booking.id}/complete`).set(as(agent.token)).expect(200);
      expect((done.body as BookingResponse).status).toBe('completed');

      const survey = await api()
        .post(`/v1/bookings/${booking.id}/survey`)
        .set(as(buyer.token))
        .send({ rating: 4, outcome: 'still_interested', comment: 'المطبخ صغير قليلاً' })
        .expect(201);
      expect(survey.body).toMatchObject({ booking_id: booking.id, rating: 4, outcome: 'still_interested' });
      const twice = await api()
        .post(`/v1/bookings/${booking.id}/survey`)
        .set(as(buyer.token))
        .send({ rating: 1 })
        .expect(409);
      expect(twice.body).toMatchObject({ error: 'conflict' });

      const events = await withClient(platform.databaseUrl, (client) =>
        client.query<{ subject: string }>(
          `SELECT subject FROM leads.outbox WHERE payload->>'booking_id' = $1 ORDER BY created_at, id`,
          [booking.id],
        ),
      );
      // Events of one transaction share a timestamp: compare them as a set.
      expect(events.rows.map((row) => row.subject).sort()).toEqual([
        'leads.booking.completed.v1',
        'leads.booking.confirmed.v1',
        'leads.booking.created.v1',
        'leads.survey.requested.v1',
      ]);
    });

    it('should move a booking to a proposed time when the buyer accepts, linking old and new', async () => {
      const first = await openSlot(broker, listingId);
      const second = await openSlot(broker, listingId);
      const { booking } = (
        await api()
          .post('/v1/bookings')
          .set(as(otherBuyer.token))
          .send({ property_id: listingId, scheduled_at: first })
          .expect(201)
      ).body as BookingCreatedResponse;
      const notOpen = await api()
        .post(`/v1/bookings/${booking.id}/propose`)
        .set(as(broker.token))
        .send({ scheduled_at: futureStart() })
        .expect(422);
      expect(notOpen.body).toMatchObject({ error: 'slot_unavailable' });
      const proposed = await api()
        .post(`/v1/bookings/${booking.id}/propose`)
        .set(as(broker.token))
        .send({ scheduled_at: second, reason: 'The owner is away that day' })
        .expect(200);
      expect(proposed.body).toMatchObject({ status: 'proposed', proposed_at: new Date(second).toISOString() });

      const accepted = await api().post(`/v1/bookings/${booking.id}/accept`).set(as(otherBuyer.token)).expect(200);
      const replacement = accepted.body as BookingResponse;
      expect(replacement).toMatchObject({
        status: 'confirmed',
        scheduled_at: new Date(second).toISOString(),
        rescheduled_from: booking.id,
      });
      const mine = await api().get('/v1/bookings').set(as(otherBuyer.token)).query({ as: 'buyer' }).expect(200);
      const old = (mine.body as { data: BookingResponse[] }).data.find((row) => row.id === booking.id)!;
      expect(old).toMatchObject({ status: 'rescheduled', rescheduled_to: replacement.id });
      // The first time is free again.
      const again = await api()
        .post('/v1/bookings')
        .set(as(buyer.token))
        .send({ property_id: listingId, scheduled_at: first })
        .expect(201);
      expect((again.body as BookingCreatedResponse).booking.status).toBe('pending');
    });

    it('should give a slot to exactly one of 50 buyers racing for it', async () => {
      const scheduledAt = await openSlot(broker, listingId);
      const buyers = await Promise.all(Array.from({ length: 50 }, () => createAccount(platform)));
      const responses = await Promise.all(
        buyers.map((racer) =>
          api().post('/v1/bookings').set(as(racer.token)).send({ property_id: listingId, scheduled_at: scheduledAt }),
        ),
      );
      expect(responses.filter((res) => res.status === 201)).toHaveLength(1);
      const losers = responses.filter((res) => res.status !== 201);
      expect(losers).toHaveLength(49);
      for (const res of losers) expect(res.body).toMatchObject({ error: 'slot_already_booked' });
      const stored = await withClient(platform.databaseUrl, (client) =>
        client.query(`SELECT count(*)::int AS n FROM leads.bookings WHERE listing_id = $1 AND scheduled_at = $2`, [
          listingId,
          scheduledAt,
        ]),
      );
      expect(stored.rows[0].n).toBe(1);
    });

    it('should refuse a time in the past, a time that is no slot, and the broker’s own listing', async () => {
      const past = await api()
        .post('/v1/bookings')
        .set(as(buyer.token))
        .send({ property_id: listingId, scheduled_at: '2021-05-01T09:00:00Z' })
        .expect(422);
      expect(past.body).toMatchObject({ error: 'validation_error', field: 'scheduled_at' });
      const noSlot = await api()
        .post('/v1/bookings')
        .set(as(buyer.token))
        .send({ property_id: listingId, scheduled_at: futureStart() })
        .expect(422);
      expect(noSlot.body).toMatchObject({ error: 'slot_unavailable' });
      const own = await api()
        .post('/v1/bookings')
        .set(as(agent.token))
        .send({ property_id: listingId, scheduled_at: await openSlot(broker, listingId) })
        .expect(403);
      expect(own.body).toMatchObject({ error: 'self_booking_forbidden' });
      const phone = await api()
        .post('/v1/bookings')
        .set(as(buyer.token))
        .send({ property_id: listingId, scheduled_at: futureStart(), user_phone: '011 234 5678' })
        .expect(422);
      expect(phone.body).toMatchObject({ error: 'validation_error', field: 'user_phone' });
      expect(phone.body.message).toMatch(/^user_phone must be a valid mobile number.*e\.g\. 0501234567/);
    });

    it.each([
      ['050 123 4567', '+966501234567'],
      ['00966501234567', '+966501234567'],
      ['٠٥٠١٢٣٤٥٦٧', '+966501234567'],
      ['+971 52 123 4567', '+971521234567'],
    ])('should store the phone %s typed for a booking as %s', async (typed, e164) => {
      const { booking } = (
        await api()
          .post('/v1/bookings')
          .set(as(buyer.token))
          .send({ property_id: listingId, scheduled_at: await openSlot(broker, listingId), user_phone: typed })
          .expect(201)
      ).body as BookingCreatedResponse;
      expect(booking.user_phone).toBe(e164);
      const stored = await withClient(platform.databaseUrl, (client) =>
        client.query<{ user_phone: string }>('SELECT user_phone FROM leads.bookings WHERE id = $1', [booking.id]),
      );
      expect(stored.rows[0].user_phone).toBe(e164);
    });
  });

  describe('lead credits and the CRM', () => {
    it('should charge a lead once when one buyer inquires, books and reveals the phone at the same moment', async () => {
      const racer = await createAccount(platform);
      const racedListing = await publishedListing(platform, {
        workspaceId: broker.workspaceId,
        createdBy: broker.accountId,
      });
      const slot = await openSlot(broker, racedListing);
      const before = await leadCredits(broker);
      const [inquiry, booking, reveal] = await Promise.all([
        inquire(racer.token, racedListing),
        api().post('/v1/bookings').set(as(racer.token)).send({ property_id: racedListing, scheduled_at: slot }),
        api().post(`/v1/properties/${racedListing}/reveal-phone`).set(as(racer.token)),
      ]);
      expect([inquiry.status, booking.status, reveal.status]).toEqual([201, 201, 200]);
      expect(reveal.body).toMatchObject({ phone: BROKER_PHONE, broker_id: broker.accountId });
      const charges = [inquiry, booking, reveal].map((res) => (res.body as { charged: boolean }).charged);
      expect(charges.filter(Boolean)).toHaveLength(1);
      expect(await leadCredits(broker)).toBe(before - 1);
      const leads = await api()
        .get('/v1/workspace/leads')
        .set(as(agent.token))
        .query({ property_id: racedListing })
        .expect(200);
      expect((leads.body as LeadsPageResponse).data).toHaveLength(1);
    });

    it('should lock a lead that arrives without credit and unlock it when credit is bought', async () => {
      const poorBroker = await createMember(platform, { role: 'owner' });
      const poorListing = await publishedListing(platform, {
        workspaceId: poorBroker.workspaceId,
        createdBy: poorBroker.accountId,
      });
      const created = await inquire(buyer.token, poorListing).expect(201);
      expect((created.body as InquiryCreatedResponse).charged).toBe(false);

      const locked = (await api().get('/v1/workspace/leads').set(as(poorBroker.token)).expect(200))
        .body as LeadsPageResponse;
      expect(locked.data).toHaveLength(1);
      expect(locked.data[0]).toMatchObject({ locked: true, contact: null, user_id: buyer.accountId, stage: 'new' });

      await buyCredits(poorBroker, 3);
      const unlocked = await eventually(
        async () => (await api().get('/v1/workspace/leads').set(as(poorBroker.token))).body as LeadsPageResponse,
        (page) => page.data[0]?.locked === false,
      );
      expect(unlocked.data[0]).toMatchObject({
        locked: false,
        contact: { name: buyer.name, email: buyer.email, phone: '+966551234567', preferred_contact: 'whatsapp' },
      });
      expect(await leadCredits(poorBroker)).toBe(2);

      const moved = await api()
        .patch(`/v1/workspace/leads/${unlocked.data[0].id}`)
        .set(as(poorBroker.token))
        .send({ stage: 'negotiating', outcome: 'bought' })
        .expect(200);
      expect(moved.body).toMatchObject({ stage: 'negotiating', outcome: 'bought' });
      const filtered = await api()
        .get('/v1/workspace/leads')
        .set(as(poorBroker.token))
        .query({ stage: 'negotiating', locked: 'false' })
        .expect(200);
      expect((filtered.body as LeadsPageResponse).data.map((lead) => lead.id)).toEqual([unlocked.data[0].id]);
      const bad = await api()
        .patch(`/v1/workspace/leads/${unlocked.data[0].id}`)
        .set(as(poorBroker.token))
        .send({ stage: 'won' })
        .expect(422);
      expect(bad.body).toMatchObject({ error: 'validation_error', field: 'stage' });
    });
  });

  describe('who may see what', () => {
    it('should answer every leads route by role: buyer, another buyer, the broker, another workspace, anonymous', async () => {
      const scheduledAt = await openSlot(broker, listingId);
      const { inquiry } = (await inquire(otherBuyer.token, listingId, 'BOLA walk').expect(201))
        .body as InquiryCreatedResponse;
      const { booking } = (
        await api()
          .post('/v1/bookings')
          .set(as(otherBuyer.token))
          .send({ property_id: listingId, scheduled_at: scheduledAt })
          .expect(201)
      ).body as BookingCreatedResponse;
      const leads = (await api().get('/v1/workspace/leads').set(as(broker.token)).expect(200))
        .body as LeadsPageResponse;
      const leadId = leads.data[0].id;
      const stranger = await createAccount(platform);

      type Route = [string, string, Record<string, unknown> | undefined];
      const reads: Route[] = [
        ['get', `/v1/inquiries/${inquiry.id}`, undefined],
        ['post', `/v1/inquiries/${inquiry.id}/messages`, { body: 'hello' }],
        ['post', `/v1/bookings/${booking.id}/cancel`, {}],
        ['post', `/v1/bookings/${booking.id}/confirm`, undefined],
      ];
      for (const [method, path, body] of reads) {
        for (const outsider of [stranger, rival]) {
          const res = await api()[method as 'get' | 'post'](path).set(as(outsider.token)).send(body);
          expect([path, res.status]).toEqual([path, 404]);
        }
        expect((await api()[method as 'get' | 'post'](path).send(body)).status).toBe(401);
      }
      for (const [method, path, body] of [
        ['patch', `/v1/workspace/leads/${leadId}`, { stage: 'contacted' }],
        ['get', `/v1/workspace/leads`, undefined],
        ['get', `/v1/workspace/slots`, undefined],
      ] as Route[]) {
        expect((await api()[method as 'get' | 'patch'](path).set(as(stranger.token)).send(body)).status).toBe(403);
        expect((await api()[method as 'get' | 'patch'](path).send(body)).status).toBe(401);
      }
      await api().patch(`/v1/workspace/leads/${leadId}`).set(as(rival.token)).send({ stage: 'contacted' }).expect(404);
      const rivalLeads = (await api().get('/v1/workspace/leads').set(as(rival.token)).expect(200))
        .body as LeadsPageResponse;
      expect(rivalLeads.data).toEqual([]);
      const strangerInbox = await api().get('/v1/inquiries').set(as(stranger.token)).expect(200);
      expect((strangerInbox.body as { data: unknown[] }).data).toEqual([]);
      await api().get('/v1/inquiries').set(as(stranger.token)).query({ as: 'broker' }).expect(403);

      // The owners of each side still see and act.
      await api().get(`/v1/inquiries/${inquiry.id}`).set(as(otherBuyer.token)).expect(200);
      await api().get(`/v1/inquiries/${inquiry.id}`).set(as(agent.token)).expect(200);
      await api().post(`/v1/bookings/${booking.id}/confirm`).set(as(agent.token)).expect(200);
      await api().post(`/v1/bookings/${booking.id}/cancel`).set(as(otherBuyer.token)).send({}).expect(200);
      await api().get(`/v1/properties/${listingId}/availability`).expect(200);
      await api().post(`/v1/properties/${listingId}/reveal-phone`).expect(401);
    });
  });
});

describeDistributed('leads across gateway replicas', () => {
  let platform: Platform;
  afterAll(() => platform?.close());

  it('should hold the hourly inquiry limit exactly when requests are spread over two gateways', async () => {
    platform = await startPlatform({ env: { RPC_TIMEOUT_MS: '5000' } });
    const owner = await createMember(platform, { role: 'owner' });
    const listing = await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: owner.accountId });
    const replica = await platform.startGatewayReplica();
    const buyer = await createAccount(platform);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(i % 2 === 0 ? platform.baseUrl : replica)
          .post('/v1/inquiries')
          .set('authorization', `Bearer ${buyer.token}`)
          .send({ property_id: listing, question: `Replica question ${i}` }),
      ),
    );
    expect(responses.filter((res) => res.status === 201)).toHaveLength(10);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(10);
  });
});
