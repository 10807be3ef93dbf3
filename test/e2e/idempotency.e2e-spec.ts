import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Response } from 'supertest';
import type {
  BookingCreatedResponse,
  BookingsPageResponse,
  InquiriesPageResponse,
  InquiryCreatedResponse,
  InquiryThreadResponse,
  ListingsPageResponse,
  SessionResponse,
  SlotsResponse,
  VisitorThreadResponse,
  WebhookCreatedResponse,
  WebhooksResponse,
} from '@app/contracts';
import { balanceOf, fundedWorkspace } from '../harness/billing-fixtures';
import { publishedListing, setPhone } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { createAccount, createMember, createWorkspace } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { describeDistributed, describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { startWebhookReceiver } from '../harness/webhook-receiver';

const QUESTION_AR = 'هل الشقة متاحة للمعاينة يوم الخميس؟';
const SITE = 'https://developer.example.com';

/** A start well in the future, on a whole minute, unique per call (slots must not collide). */
let slotCounter = 0;
function futureStart(): string {
  slotCounter += 1;
  return new Date(Date.UTC(2031, 2, 1, 6, 0) + slotCounter * 3_600_000).toISOString();
}

/** The same answer, byte for byte: the status and the body as sent; a replay says it is one. */
function expectReplayOf(replay: Response, first: Response): void {
  expect(replay.status).toBe(first.status);
  expect(replay.text).toBe(first.text);
  expect(replay.headers['content-type']).toBe(first.headers['content-type']);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(first.headers['idempotent-replayed']).toBeUndefined();
}

function expectReused(res: Response): void {
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ error: 'idempotency_key_reused', code: 'IDEMPOTENCY_KEY_REUSED' });
}

describeE2e('Idempotency-Key: every POST that creates something', () => {
  let platform: Platform;
  let broker: MemberFixture;
  let listingId: string;

  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const keyed = (token: string, key: string) => ({ ...as(token), 'idempotency-key': key });

  async function leadCredits(): Promise<number> {
    const res = await api().get('/v1/workspace/balance').set(as(broker.token)).expect(200);
    return (res.body as { lead_credits: number }).lead_credits;
  }

  async function openSlot(propertyId = listingId, startsAt = futureStart()): Promise<string> {
    await api()
      .post('/v1/workspace/slots')
      .set(as(broker.token))
      .send({ property_id: propertyId, starts_at: startsAt })
      .expect(201);
    return startsAt;
  }

  async function inquiriesOf(buyer: AccountFixture, propertyId = listingId) {
    const res = await api()
      .get('/v1/inquiries')
      .query({ as: 'buyer', property_id: propertyId })
      .set(as(buyer.token))
      .expect(200);
    return (res.body as InquiriesPageResponse).data;
  }

  async function bookingsOf(buyer: AccountFixture, propertyId = listingId) {
    const res = await api()
      .get('/v1/bookings')
      .query({ as: 'buyer', property_id: propertyId })
      .set(as(buyer.token))
      .expect(200);
    return (res.body as BookingsPageResponse).data;
  }

  async function listingsOf(member: MemberFixture) {
    const res = await api().get('/v1/listings?limit=100').set(as(member.token)).expect(200);
    return (res.body as ListingsPageResponse).data;
  }

  /** A listing of its own, so that counts on it are this test's alone. */
  const freshListing = () =>
    publishedListing(platform, { workspaceId: broker.workspaceId, createdBy: broker.accountId });

  beforeAll(async () => {
    platform = await startPlatform({ env: { RPC_TIMEOUT_MS: '5000' } });
    broker = await createMember(platform, { role: 'owner', name: 'وسيط تجريبي' });
    await setPhone(platform, broker.accountId, '+966501112233');
    listingId = await freshListing();
    await api().post('/v1/workspace/lead-credits').set(as(broker.token)).send({ quantity: 50 }).expect(201);
  });

  afterAll(() => platform?.close());

  describe('inquiries', () => {
    it('should answer a retry with the first answer and send and charge once, and refuse the key for another body', async () => {
      const buyer = await createAccount(platform);
      const propertyId = await freshListing();
      const before = await leadCredits();
      const key = randomUUID();
      const body = { property_id: propertyId, question: QUESTION_AR };
      const first = await api().post('/v1/inquiries').set(keyed(buyer.token, key)).send(body).expect(201);
      // The same body with its fields in another order is the same request.
      const retry = await api()
        .post('/v1/inquiries')
        .set(keyed(buyer.token, key))
        .send({ question: QUESTION_AR, property_id: propertyId });
      expectReplayOf(retry, first);
      expect(await inquiriesOf(buyer, propertyId)).toHaveLength(1);
      expect(await leadCredits()).toBe(before - 1);

      const other = await api()
        .post('/v1/inquiries')
        .set(keyed(buyer.token, key))
        .send({ ...body, question: 'هل السعر قابل للتفاوض؟' });
      expectReused(other);
      expect(await inquiriesOf(buyer, propertyId)).toHaveLength(1);
    });

    it('should create one inquiry and charge one lead credit when 10 identical requests race', async () => {
      const buyer = await createAccount(platform);
      const propertyId = await freshListing();
      const before = await leadCredits();
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          api()
            .post('/v1/inquiries')
            .set(keyed(buyer.token, key))
            .send({ property_id: propertyId, question: QUESTION_AR }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((res) => res.text)).size).toBe(1);
      expect(answers.filter((res) => res.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
      expect(await inquiriesOf(buyer, propertyId)).toHaveLength(1);
      expect(await leadCredits()).toBe(before - 1);
    });

    it('should keep keys per caller: another buyer with the same key makes their own inquiry', async () => {
      const [first, second] = [await createAccount(platform), await createAccount(platform)];
      const key = `shared-${randomUUID()}`;
      const body = { property_id: listingId, question: QUESTION_AR };
      const a = await api().post('/v1/inquiries').set(keyed(first.token, key)).send(body).expect(201);
      const b = await api().post('/v1/inquiries').set(keyed(second.token, key)).send(body).expect(201);
      expect(b.headers['idempotent-replayed']).toBeUndefined();
      expect((b.body as InquiryCreatedResponse).inquiry.id).not.toBe((a.body as InquiryCreatedResponse).inquiry.id);
      expect(await inquiriesOf(second)).toHaveLength(1);
    });

    it('should add a follow-up once, and refuse the key on another thread', async () => {
      const buyer = await createAccount(platform);
      const thread = (
        await api()
          .post('/v1/inquiries')
          .set(as(buyer.token))
          .send({ property_id: listingId, question: QUESTION_AR })
          .expect(201)
      ).body as InquiryCreatedResponse;
      const key = randomUUID();
      const message = { body: 'هل يمكن المعاينة مساءً؟' };
      const first = await api()
        .post(`/v1/inquiries/${thread.inquiry.id}/messages`)
        .set(keyed(buyer.token, key))
        .send(message)
        .expect(201);
      expectReplayOf(
        await api().post(`/v1/inquiries/${thread.inquiry.id}/messages`).set(keyed(buyer.token, key)).send(message),
        first,
      );
      const read = (await api().get(`/v1/inquiries/${thread.inquiry.id}`).set(as(buyer.token)).expect(200))
        .body as InquiryThreadResponse;
      expect(read.messages.filter((m) => m.body === message.body)).toHaveLength(1);

      const another = (
        await api()
          .post('/v1/inquiries')
          .set(as(buyer.token))
          .send({ property_id: await freshListing(), question: QUESTION_AR })
          .expect(201)
      ).body as InquiryCreatedResponse;
      // Another thread is another request, even with the same body.
      expectReused(
        await api().post(`/v1/inquiries/${another.inquiry.id}/messages`).set(keyed(buyer.token, key)).send(message),
      );
    });
  });

  describe('bookings', () => {
    it('should answer the slot holder’s retries with their booking, never 409, also when 10 race', async () => {
      const buyer = await createAccount(platform);
      const propertyId = await freshListing();
      const before = await leadCredits();
      const scheduledAt = await openSlot(propertyId);
      const key = randomUUID();
      const body = { property_id: propertyId, scheduled_at: scheduledAt, notes: 'سأحضر مع عائلتي' };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => api().post('/v1/bookings').set(keyed(buyer.token, key)).send(body)),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((res) => res.text)).size).toBe(1);
      const later = await api().post('/v1/bookings').set(keyed(buyer.token, key)).send(body);
      expectReplayOf(
        later,
        answers.find((res) => res.headers['idempotent-replayed'] !== 'true')!,
      );
      expect(await bookingsOf(buyer, propertyId)).toHaveLength(1);
      expect(await leadCredits()).toBe(before - 1);

      expectReused(
        await api()
          .post('/v1/bookings')
          .set(keyed(buyer.token, key))
          .send({ ...body, notes: 'وقت آخر' }),
      );
    });

    it('should answer the holder’s retry without a key (the first answer lost) with their booking, others 409', async () => {
      const [holder, rival] = [await createAccount(platform), await createAccount(platform)];
      const propertyId = await freshListing();
      const body = { property_id: propertyId, scheduled_at: await openSlot(propertyId) };
      const first = await api().post('/v1/bookings').set(as(holder.token)).send(body).expect(201);
      const again = await api().post('/v1/bookings').set(as(holder.token)).send(body).expect(201);
      const booked = (first.body as BookingCreatedResponse).booking;
      expect(again.body).toEqual({ booking: booked, charged: false });
      const taken = await api().post('/v1/bookings').set(as(rival.token)).send(body).expect(409);
      expect(taken.body).toMatchObject({ error: 'slot_already_booked' });
      expect(await bookingsOf(holder, propertyId)).toHaveLength(1);
    });

    it('should not keep an error: a booking refused for a closed slot goes through with the same key once it opens', async () => {
      const buyer = await createAccount(platform);
      const propertyId = await freshListing();
      const scheduledAt = futureStart();
      const key = randomUUID();
      const body = { property_id: propertyId, scheduled_at: scheduledAt };
      const refused = await api().post('/v1/bookings').set(keyed(buyer.token, key)).send(body).expect(422);
      expect(refused.body).toMatchObject({ error: 'slot_unavailable' });
      await openSlot(propertyId, scheduledAt);
      const booked = await api().post('/v1/bookings').set(keyed(buyer.token, key)).send(body).expect(201);
      expect(booked.headers['idempotent-replayed']).toBeUndefined();
      expect(await bookingsOf(buyer, propertyId)).toHaveLength(1);
    });
  });

  it('should reveal the phone once per key and refuse the key on another listing', async () => {
    const buyer = await createAccount(platform);
    const propertyId = await freshListing();
    const before = await leadCredits();
    const key = randomUUID();
    const first = await api()
      .post(`/v1/properties/${propertyId}/reveal-phone`)
      .set(keyed(buyer.token, key))
      .expect(200);
    expectReplayOf(await api().post(`/v1/properties/${propertyId}/reveal-phone`).set(keyed(buyer.token, key)), first);
    expect(await leadCredits()).toBe(before - 1);
    expectReused(await api().post(`/v1/properties/${listingId}/reveal-phone`).set(keyed(buyer.token, key)));
  });

  it('should create one draft listing per key', async () => {
    const agent = await createMember(platform, { role: 'agent', workspaceId: broker.workspaceId });
    const before = (await listingsOf(broker)).length;
    const key = randomUUID();
    const body = { property_type: 'apartment', title_ar: 'شقة مطلة على الحديقة', price: 950_000 };
    const first = await api().post('/v1/listings').set(keyed(agent.token, key)).send(body).expect(201);
    expectReplayOf(await api().post('/v1/listings').set(keyed(agent.token, key)).send(body), first);
    expect(await listingsOf(broker)).toHaveLength(before + 1);
    expectReused(
      await api()
        .post('/v1/listings')
        .set(keyed(agent.token, key))
        .send({ ...body, price: 990_000 }),
    );
    expect(await listingsOf(broker)).toHaveLength(before + 1);
  });

  it('should import an uploaded file once per key, comparing the file’s bytes (not the multipart envelope)', async () => {
    const importer = await createMember(platform, { role: 'owner' });
    const csv = (title: string) =>
      Buffer.from(`property_type,title_en,title_ar,city,district\napartment,${title},شقة مشرقة,Riyadh,Al Olaya\n`);
    const key = randomUUID();
    const upload = (file: Buffer, filename = 'listings.csv') =>
      api().post('/v1/listings/import').set(keyed(importer.token, key)).attach('file', file, filename);
    const first = await upload(csv('Bright flat')).expect(200);
    expect(first.body).toMatchObject({ object: 'listing_import', created: 1 });
    // Another request, another multipart boundary, the same bytes: a retry.
    expectReplayOf(await upload(csv('Bright flat')), first);
    expect(await listingsOf(importer)).toHaveLength(1);
    expectReused(await upload(csv('Another flat')));
    expect(await listingsOf(importer)).toHaveLength(1);
  });

  it('should open one slot per key', async () => {
    const propertyId = await freshListing();
    const key = randomUUID();
    const body = { property_id: propertyId, starts_at: futureStart() };
    const first = await api().post('/v1/workspace/slots').set(keyed(broker.token, key)).send(body).expect(201);
    // Without the key this retry would be 409 `conflict` (a slot already starts then).
    expectReplayOf(await api().post('/v1/workspace/slots').set(keyed(broker.token, key)).send(body), first);
    const slots = await api().get('/v1/workspace/slots').query({ property_id: propertyId }).set(as(broker.token));
    expect((slots.body as SlotsResponse).data).toHaveLength(1);
    expectReused(
      await api()
        .post('/v1/workspace/slots')
        .set(keyed(broker.token, key))
        .send({ ...body, starts_at: futureStart() }),
    );
  });

  it('should send one invitation per key', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    const key = randomUUID();
    const body = { email: `noura-${randomUUID()}@example.test`, role: 'agent' };
    const first = await api().post('/v1/workspace/invitations').set(keyed(owner.token, key)).send(body).expect(201);
    expectReplayOf(await api().post('/v1/workspace/invitations').set(keyed(owner.token, key)).send(body), first);
    const pending = await api().get('/v1/workspace/invitations').set(as(owner.token)).expect(200);
    expect((pending.body as { data: unknown[] }).data).toHaveLength(1);
    expectReused(
      await api()
        .post('/v1/workspace/invitations')
        .set(keyed(owner.token, key))
        .send({ ...body, role: 'admin' }),
    );
  });

  it('should subscribe a webhook once per key, and keep its secret only sealed under the key', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    const receiver = await startWebhookReceiver();
    try {
      const key = randomUUID();
      const body = { url: receiver.url, events: ['leads.inquiry.created.v1'] };
      const first = await api().post('/v1/workspace/webhooks').set(keyed(owner.token, key)).send(body).expect(201);
      expectReplayOf(await api().post('/v1/workspace/webhooks').set(keyed(owner.token, key)).send(body), first);
      const listed = await api().get('/v1/workspace/webhooks').set(as(owner.token)).expect(200);
      expect((listed.body as WebhooksResponse).data).toHaveLength(1);
      expectReused(
        await api()
          .post('/v1/workspace/webhooks')
          .set(keyed(owner.token, key))
          .send({ ...body, events: ['leads.booking.created.v1'] }),
      );

      const { secret } = first.body as WebhookCreatedResponse;
      const stored = await withClient(platform.databaseUrl, (client) =>
        client.query<{ key_hash: string; body: Buffer }>(
          `SELECT key_hash, body FROM identity.idempotency_keys WHERE scope = $1 AND route = '/v1/workspace/webhooks'`,
          [`account:${owner.accountId}`],
        ),
      );
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0].key_hash).not.toContain(key);
      expect(stored.rows[0].body.toString('latin1')).not.toContain(secret);
      expect(stored.rows[0].body.toString('latin1')).not.toContain('whsec_');
    } finally {
      await receiver.close();
    }
  });

  it('should take a visitor’s widget message once per key, the key being the visitor’s own', async () => {
    const developer = await createWorkspace(platform, { kind: 'developer' });
    const widget = await withClient(platform.databaseUrl, (client) =>
      client.query<{ id: string }>(
        `INSERT INTO leads.widgets (workspace_id, project_id, enabled, allowed_origins, languages, default_language)
         VALUES ($1, $2, true, $3, $4, 'ar') RETURNING id`,
        [developer.id, randomUUID(), [SITE], ['ar', 'en']],
      ),
    );
    const startChat = async () =>
      (await api().post(`/v1/widgets/${widget.rows[0].id}/sessions`).set('origin', SITE).send({}).expect(201)).body as {
        session: SessionResponse;
        token: string;
      };
    const chat = await startChat();
    const key = randomUUID();
    const text = { text: 'ما هي المرافق المتوفرة في المشروع؟' };
    const send = (session: { session: SessionResponse; token: string }, body: object) =>
      api().post(`/v1/widget-sessions/${session.session.id}/messages`).set(keyed(session.token, key)).send(body);
    const first = await send(chat, text).expect(201);
    expectReplayOf(await send(chat, text), first);
    const thread = (await api().get(`/v1/widget-sessions/${chat.session.id}/messages`).set(as(chat.token)).expect(200))
      .body as VisitorThreadResponse;
    expect(thread.messages.filter((m) => m.text === text.text)).toHaveLength(1);
    expectReused(await send(chat, { text: 'Which amenities are there?' }));

    // Another visitor's chat with the same key: theirs.
    const other = await startChat();
    const theirs = await send(other, text).expect(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('should answer 10 racing decisions with one key with one answer, charged once', async () => {
    const { key: apiKey } = await fundedWorkspace(platform, 5);
    const key = randomUUID();
    const body = {
      property: { type: 'apartment', price: 1_200_000, area: 150, bedrooms: 3, floor: 4, age: 5, parking: true },
      location: { city: 'Riyadh', district: 'Al Olaya' },
      reasoning: false,
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api().post('/v1/decisions').set(keyed(apiKey, key)).send(body)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((res) => res.text)).size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await balanceOf(platform, apiKey)).toBe(4);
    expectReused(
      await api()
        .post('/v1/decisions')
        .set(keyed(apiKey, key))
        .send({ ...body, reasoning: true }),
    );
    expect(await balanceOf(platform, apiKey)).toBe(4);
  });

  it('should take over a key whose gateway died mid-request (its lease lapsed) and run the request', async () => {
    const buyer = await createAccount(platform);
    const propertyId = await freshListing();
    const key = randomUUID();
    // What a gateway killed while creating leaves behind: the claim, no answer, its lease run out.
    await withClient(platform.databaseUrl, (client) =>
      client.query(
        `INSERT INTO identity.idempotency_keys (scope, method, route, key_hash, request_hash, state, owner, lease_until, expires_at)
         VALUES ($1, 'POST', '/v1/inquiries', $2, 'from-the-dead-request', 'in_progress', $3, now() - interval '1 second',
                 now() + interval '1 day')`,
        [`account:${buyer.accountId}`, createHash('sha256').update(key).digest('base64url'), randomUUID()],
      ),
    );
    const res = await api()
      .post('/v1/inquiries')
      .set(keyed(buyer.token, key))
      .send({ property_id: propertyId, question: QUESTION_AR })
      .expect(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await inquiriesOf(buyer, propertyId)).toHaveLength(1);
  });

  it('should refuse an Idempotency-Key longer than 200 characters', async () => {
    const buyer = await createAccount(platform);
    const res = await api()
      .post('/v1/inquiries')
      .set(keyed(buyer.token, 'k'.repeat(201)))
      .send({ property_id: listingId, question: QUESTION_AR })
      .expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_param', field: 'Idempotency-Key' });
    expect(await inquiriesOf(buyer)).toHaveLength(0);
  });
});

describeDistributed('Idempotency-Key across gateway replicas and service outages', () => {
  let platform: Platform;
  let replicaUrl: string;
  let broker: MemberFixture;

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const keyed = (token: string, key: string) => ({ ...as(token), 'idempotency-key': key });

  beforeAll(async () => {
    platform = await startPlatform({ env: { RPC_TIMEOUT_MS: '5000' } });
    replicaUrl = await platform.startGatewayReplica();
    broker = await createMember(platform, { role: 'owner' });
    await setPhone(platform, broker.accountId, '+966501112233');
  }, 120_000);

  afterAll(() => platform?.close());

  it('should make one booking when 10 identical requests are spread over two gateways', async () => {
    const propertyId = await publishedListing(platform, {
      workspaceId: broker.workspaceId,
      createdBy: broker.accountId,
    });
    const scheduledAt = futureStart();
    await request(platform.baseUrl)
      .post('/v1/workspace/slots')
      .set(as(broker.token))
      .send({ property_id: propertyId, starts_at: scheduledAt })
      .expect(201);
    const buyer = await createAccount(platform);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(i % 2 === 0 ? platform.baseUrl : replicaUrl)
          .post('/v1/bookings')
          .set(keyed(buyer.token, key))
          .send({ property_id: propertyId, scheduled_at: scheduledAt }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((res) => res.text)).size).toBe(1);
    const { rows } = await withClient(platform.databaseUrl, (client) =>
      client.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads.bookings WHERE listing_id = $1`, [propertyId]),
    );
    expect(rows[0].n).toBe(1);
  });

  it('should give the key back when the first answer is a 503, so the retry runs once the service is back', async () => {
    const propertyId = await publishedListing(platform, {
      workspaceId: broker.workspaceId,
      createdBy: broker.accountId,
    });
    const buyer = await createAccount(platform);
    const key = randomUUID();
    const body = { property_id: propertyId, question: QUESTION_AR };
    await platform.stopApp('leads');
    try {
      const down = await request(platform.baseUrl).post('/v1/inquiries').set(keyed(buyer.token, key)).send(body);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ error: 'service_unavailable' });
    } finally {
      await platform.startApp('leads');
    }
    const up = await request(platform.baseUrl)
      .post('/v1/inquiries')
      .set(keyed(buyer.token, key))
      .send(body)
      .expect(201);
    expect(up.headers['idempotent-replayed']).toBeUndefined();
    const replay = await request(replicaUrl).post('/v1/inquiries').set(keyed(buyer.token, key)).send(body);
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(up.text);
  });
});
