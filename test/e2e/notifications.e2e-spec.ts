import request from 'supertest';
import type { BookingCreatedResponse, InboxPage, InquiryCreatedResponse } from '@app/contracts';
import { publishedListing } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { viewingStarted } from '../harness/leads-fixtures';
import { createAccount, createMember } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { describeDistributed, describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { startSmtpSink } from '../harness/smtp-sink';
import type { ReceivedMail, SmtpSink } from '../harness/smtp-sink';
import { acceptTokenIn } from '../harness/invitation-mail';
import { startTcpProxy } from '../harness/tcp-proxy';
import type { TcpProxy } from '../harness/tcp-proxy';
import { eventually } from '../harness/eventually';

const NOTIFICATION_ENV = {
  NOTIFICATION_POLL_MS: '100',
  NOTIFICATION_MAX_ATTEMPTS: '2',
  NOTIFICATION_RETRY_BASE_MS: '50',
};

async function setLanguage(platform: Platform, accountId: string, language: 'en' | 'ar'): Promise<void> {
  await withClient(platform.databaseUrl, (client) =>
    client.query(`UPDATE identity.accounts SET language = $2 WHERE id = $1`, [accountId, language]),
  );
}

let slot = 0;
const nextSlot = () => new Date(Date.UTC(2031, 2, 1, 6, 0) + ++slot * 3_600_000).toISOString();

describeE2e('notifications: e-mail and in-app from domain events', () => {
  let platform: Platform;
  let smtp: SmtpSink;
  let broker: MemberFixture;
  let buyer: AccountFixture;
  let listingId: string;
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const mailTo = (address: string, count = 1) =>
    eventually(
      () => smtp.to(address),
      (mail) => mail.length >= count,
    );

  beforeAll(async () => {
    smtp = await startSmtpSink();
    platform = await startPlatform({ env: { ...NOTIFICATION_ENV, SMTP_URL: smtp.url } });
    broker = await createMember(platform, { role: 'owner', name: 'Layla Broker' });
    buyer = await createAccount(platform, { name: 'سارة' });
    await setLanguage(platform, buyer.accountId, 'ar');
    listingId = await publishedListing(platform, { workspaceId: broker.workspaceId, createdBy: broker.accountId });
  });

  afterAll(async () => {
    await platform?.close();
    await smtp?.close();
  });

  it('should mail the broker in English and the buyer in Arabic, right to left, as a thread goes back and forth', async () => {
    const { inquiry } = (
      await api()
        .post('/v1/inquiries')
        .set(as(buyer.token))
        .send({ property_id: listingId, question: 'هل السعر قابل للتفاوض؟' })
        .expect(201)
    ).body as InquiryCreatedResponse;
    const [toBroker] = await mailTo(broker.email);
    expect(toBroker).toMatchObject({ subject: 'New inquiry about Sea-view apartment', language: 'en' });
    expect(toBroker.text).toContain('Hello Layla Broker,');

    await api().post(`/v1/inquiries/${inquiry.id}/messages`).set(as(broker.token)).send({ body: 'Yes, a little.' });
    const [toBuyer] = await mailTo(buyer.email);
    expect(toBuyer.subject).toBe('ردّ الوسيط بخصوص شقة بإطلالة بحرية');
    expect(toBuyer.html).toContain('dir="rtl"');
    expect(toBuyer.text).toContain('مرحبًا سارة،');

    const inbox = (await api().get('/v1/me/notifications').set(as(broker.token)).expect(200)).body as InboxPage;
    expect(inbox.unread_count).toBe(1);
    expect(inbox.data[0]).toMatchObject({
      kind: 'inquiry_created',
      title: 'New inquiry about Sea-view apartment',
      data: { property_id: listingId, inquiry_id: inquiry.id },
      read_at: null,
    });
    const read = await api().post('/v1/me/notifications/read').set(as(broker.token)).send({}).expect(200);
    expect(read.body).toEqual({ marked: 1, unread_count: 0 });
  });

  it('should tell the broker of a viewing request and send the buyer a survey after it', async () => {
    const startsAt = nextSlot();
    await api().post('/v1/workspace/slots').set(as(broker.token)).send({ property_id: listingId, starts_at: startsAt });
    const before = smtp.to(buyer.email).length;
    const { booking } = (
      await api()
        .post('/v1/bookings')
        .set(as(buyer.token))
        .send({ property_id: listingId, scheduled_at: startsAt })
        .expect(201)
    ).body as BookingCreatedResponse;
    const brokerMail = await eventually(
      () => smtp.to(broker.email).filter((mail) => mail.subject.startsWith('Viewing request')),
      (mail) => mail.length === 1,
    );
    // 2031-03-01T07:00Z in Riyadh (UTC+3) is 10:00 on the listing's clock.
    expect(brokerMail[0].text).toMatch(/on 2031-03-\d\d \d\d:00 \(Asia\/Riyadh\)/);
    await api().post(`/v1/bookings/${booking.id}/confirm`).set(as(broker.token)).expect(200);
    await viewingStarted(platform, booking.id);
    await api().post(`/v1/bookings/${booking.id}/complete`).set(as(broker.token)).expect(200);
    const buyerMail = await mailTo(buyer.email, before + 2);
    expect(buyerMail.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining(['تأكيد المعاينة: شقة بإطلالة بحرية', 'كيف كانت معاينتك لـشقة بإطلالة بحرية؟']),
    );
  });

  it('should stop mailing a user who turned e-mail off, and still keep the in-app notification', async () => {
    const quiet = await createAccount(platform);
    const prefs = await api()
      .put('/v1/me/notification-preferences')
      .set(as(quiet.token))
      .send({ email: false })
      .expect(200);
    expect(prefs.body).toEqual({ email: false, in_app: true, whatsapp: true, push: true });
    expect((await api().get('/v1/me/notification-preferences').set(as(quiet.token)).expect(200)).body.email).toBe(
      false,
    );
    const bad = await api()
      .put('/v1/me/notification-preferences')
      .set(as(quiet.token))
      .send({ email: 'no' })
      .expect(422);
    expect(bad.body).toMatchObject({ error: 'validation_error', field: 'email' });
    // A channel is on or off: null is refused, not stored (absent keeps the setting).
    const cleared = await api()
      .put('/v1/me/notification-preferences')
      .set(as(quiet.token))
      .send({ push: null })
      .expect(422);
    expect(cleared.body).toMatchObject({ error: 'validation_error', field: 'push' });

    const { inquiry } = (
      await api()
        .post('/v1/inquiries')
        .set(as(quiet.token))
        .send({ property_id: listingId, question: 'Parking?' })
        .expect(201)
    ).body as InquiryCreatedResponse;
    await api().post(`/v1/inquiries/${inquiry.id}/messages`).set(as(broker.token)).send({ body: 'Two spaces.' });
    const inbox = await eventually(
      async () => ((await api().get('/v1/me/notifications').set(as(quiet.token))).body as InboxPage).data,
      (items) => items.length === 1,
    );
    expect(inbox[0]).toMatchObject({ kind: 'inquiry_replied', language: 'en' });
    expect(smtp.to(quiet.email)).toEqual([]);
  });

  it('should dead-letter a message the mail server keeps refusing, with the error, and deliver the rest', async () => {
    const bouncing = await createAccount(platform, { email: `bounce-${Date.now()}@example.test` });
    const { inquiry } = (
      await api()
        .post('/v1/inquiries')
        .set(as(bouncing.token))
        .send({ property_id: listingId, question: 'Pets?' })
        .expect(201)
    ).body as InquiryCreatedResponse;
    await api().post(`/v1/inquiries/${inquiry.id}/messages`).set(as(broker.token)).send({ body: 'Small ones.' });
    const rows = await eventually(
      () =>
        withClient(platform.databaseUrl, (client) =>
          client.query<{ status: string; attempts: number; last_error: string }>(
            `SELECT status, attempts, last_error FROM notification.deliveries WHERE account_id = $1`,
            [bouncing.accountId],
          ),
        ).then((result) => result.rows),
      (found) => found[0]?.status === 'dead',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'dead', attempts: 2 });
    expect(rows[0].last_error).toMatch(/550|mailbox/i);
    const inbox = (await api().get('/v1/me/notifications').set(as(bouncing.token)).expect(200)).body as InboxPage;
    expect(inbox.data.map((item) => item.kind)).toEqual(['inquiry_replied']);
  });

  it('should e-mail the owner, and only the owner, the tax invoice of a purchase with a link to its PDF', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    const admin = await createMember(platform, { role: 'admin', workspaceId: owner.workspaceId });
    await setLanguage(platform, owner.accountId, 'ar');
    await api().post('/v1/workspace/decision-packs').set(as(owner.token)).send({ size: 20 }).expect(201);
    const [invoice] = (await api().get('/v1/workspace/invoices').set(as(owner.token)).expect(200)).body.data as {
      id: string;
      number: string;
    }[];
    const [mail] = await mailTo(owner.email);
    expect(mail.subject).toBe(`فاتورة ضريبية ${invoice.number}`);
    expect(mail.text).toContain('179.00 SAR');
    expect(mail.text).toContain(`/v1/workspace/invoices/${invoice.id}.pdf`);
    expect(mail.html).toContain('dir="rtl"');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(admin.email)).toEqual([]);
  });

  it('should tell owners and admins, not agents, when the workspace runs low on lead credits', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    const admin = await createMember(platform, { role: 'admin', workspaceId: owner.workspaceId });
    const agent = await createMember(platform, { role: 'agent', workspaceId: owner.workspaceId });
    const lowListing = await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: agent.accountId });
    await api().post('/v1/workspace/lead-credits').set(as(owner.token)).send({ quantity: 3 }).expect(201);
    const asker = await createAccount(platform);
    await api()
      .post('/v1/inquiries')
      .set(as(asker.token))
      .send({ property_id: lowListing, question: 'Hi' })
      .expect(201);
    // The owner also gets the purchase's invoice: the low-balance mail is the one about credits.
    const toOwner = (await mailTo(owner.email, 2)).find((mail) => !mail.subject.startsWith('Tax invoice'))!;
    await mailTo(admin.email);
    expect(toOwner.subject).toBe('Your lead credits are running low');
    expect(toOwner.text).toContain('2 lead credits left in your workspace.');
    // The agent (the listing's broker) hears of the inquiry, and of nothing else.
    expect((await mailTo(agent.email)).map((mail) => mail.subject)).toEqual(['New inquiry about Sea-view apartment']);
    const agentKinds = await withClient(platform.databaseUrl, (client) =>
      client.query<{ kind: string }>(`SELECT kind FROM notification.deliveries WHERE account_id = $1`, [
        agent.accountId,
      ]),
    );
    expect(agentKinds.rows.map((row) => row.kind)).toEqual(['inquiry_created']);
  });

  it('should deliver a valid notification.request.v1 and keep a bad one as a dead letter with the reason', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    await setLanguage(platform, owner.accountId, 'ar');
    const admin = await createMember(platform, { role: 'admin', workspaceId: owner.workspaceId });
    const request = (payload: object) =>
      withClient(platform.databaseUrl, (client) =>
        client.query<{ id: string }>(
          `INSERT INTO leads.outbox (id, subject, payload) VALUES (gen_random_uuid(), 'notification.request.v1', $1) RETURNING id`,
          [payload],
        ),
      ).then((result) => result.rows[0].id);
    await request({
      workspace_id: owner.workspaceId,
      roles: ['owner'],
      channels: ['email', 'in_app'],
      title_en: 'Maintenance tonight',
      title_ar: 'صيانة الليلة',
      body_en: 'The dashboard pauses at 02:00.',
      body_ar: 'تتوقف لوحة التحكم الساعة 02:00.',
    });
    const badId = await request({ channels: ['pigeon'], title_en: 'x' });

    const [mail] = await mailTo(owner.email);
    expect(mail).toMatchObject({ subject: 'صيانة الليلة', language: 'ar' });
    expect(mail.text).toContain('تتوقف لوحة التحكم الساعة 02:00.');
    const inbox = (await api().get('/v1/me/notifications').set(as(owner.token)).expect(200)).body as InboxPage;
    expect(inbox.data[0]).toMatchObject({ kind: 'announcement', title: 'صيانة الليلة' });
    expect(smtp.to(admin.email)).toEqual([]); // roles: owner only

    const dead = await eventually(
      () =>
        withClient(platform.databaseUrl, (client) =>
          client.query<{ error: string }>(
            `SELECT error FROM notification.dead_letters WHERE consumer = 'notification-requests' AND event_id = $1`,
            [badId],
          ),
        ).then((result) => result.rows),
      (rows) => rows.length === 1,
    );
    expect(dead[0].error).toMatch(/^refused: /);
    expect(dead[0].error).toMatch(/channels/);
    expect(dead[0].error).toMatch(/account_ids or workspace_id is required/);
  });

  it('should mail an invitee the accept link in the inviter’s language, and the link lets them join', async () => {
    const invitee = `khalid-${Date.now()}@example.test`;
    const created = await api()
      .post('/v1/workspace/invitations')
      .set(as(broker.token))
      .send({ email: invitee, role: 'agent' })
      .expect(201);
    const [mail] = await mailTo(invitee);
    const { rows } = await withClient(platform.databaseUrl, (client) =>
      client.query<{ name: string }>(`SELECT name FROM identity.workspaces WHERE id = $1`, [broker.workspaceId]),
    );
    expect(mail).toMatchObject({ subject: `Layla Broker invited you to ${rows[0].name}`, language: 'en' });
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain(`Layla Broker invited you to join ${rows[0].name} as an agent.`);
    const token = acceptTokenIn(mail);
    // The mail is the only place the token goes: the inviter never sees it.
    expect(JSON.stringify(created.body)).not.toContain(token);

    const joined = await api()
      .post('/v1/invitations/accept')
      .send({ token, password: 'a long enough password', name: 'خالد الشمري' })
      .expect(200);
    expect(joined.body).toMatchObject({ name: 'خالد الشمري', role: 'agent', workspace: { id: broker.workspaceId } });
    const members = await api().get('/v1/workspace/members').set(as(broker.token)).expect(200);
    expect((members.body as { data: { email: string }[] }).data.map((member) => member.email)).toContain(invitee);
    await api().post('/v1/invitations/accept').send({ token, password: 'a long enough password' }).expect(404);
  });

  it('should mail an invitee who has an account in their own language, right to left, without the token in any log', async () => {
    const owner = await createMember(platform, { role: 'owner', name: 'Omar' });
    const invitee = await createAccount(platform, { name: 'نورة' });
    await setLanguage(platform, invitee.accountId, 'ar');
    await api()
      .post('/v1/workspace/invitations')
      .set(as(owner.token))
      .send({ email: invitee.email, role: 'admin' })
      .expect(201);
    const [mail] = await mailTo(invitee.email);
    expect(mail.language).toBe('ar');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('بصفة مسؤول');
    const token = acceptTokenIn(mail);
    const { rows } = await withClient(platform.databaseUrl, (client) =>
      client.query<{ payload: object }>(
        `SELECT payload FROM identity.outbox WHERE subject = 'identity.invitation.created.v1' AND payload->>'email' = $1`,
        [invitee.email.toLowerCase()],
      ),
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0].payload)).not.toContain(token); // sealed, not readable in the outbox or broker
    expect(platform.logs()).not.toContain(token);

    const joined = await api().post('/v1/invitations/accept').send({ token, password: invitee.password }).expect(200);
    expect(joined.body).toMatchObject({ id: invitee.accountId, role: 'admin', workspace: { id: owner.workspaceId } });
  });

  it('should keep one user’s notifications from every other user', async () => {
    const stranger = await createAccount(platform);
    const inbox = (await api().get('/v1/me/notifications').set(as(stranger.token)).expect(200)).body as InboxPage;
    expect(inbox).toMatchObject({ data: [], unread_count: 0 });
    await api().get('/v1/me/notifications').expect(401);
    await api().put('/v1/me/notification-preferences').send({ email: false }).expect(401);
  });
});

describeDistributed('notifications survive a restart of the notification service', () => {
  let platform: Platform;
  let smtp: SmtpSink;
  afterAll(async () => {
    await platform?.close();
    await smtp?.close();
  });

  it('should mail every inquiry made while it was down exactly once when it is back', async () => {
    smtp = await startSmtpSink();
    platform = await startPlatform({ env: { ...NOTIFICATION_ENV, SMTP_URL: smtp.url } });
    const broker = await createMember(platform, { role: 'owner' });
    const listing = await publishedListing(platform, { workspaceId: broker.workspaceId, createdBy: broker.accountId });
    await platform.stopApp('notification');
    for (let i = 0; i < 3; i++) {
      const buyer = await createAccount(platform);
      await request(platform.baseUrl)
        .post('/v1/inquiries')
        .set('authorization', `Bearer ${buyer.token}`)
        .send({ property_id: listing, question: `While it was down ${i}` })
        .expect(201);
    }
    await platform.startApp('notification');
    const mail: ReceivedMail[] = await eventually(
      () => smtp.to(broker.email),
      (received) => received.length >= 3,
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500)); // time for any duplicate to arrive
    expect(smtp.to(broker.email)).toHaveLength(3);
    expect(mail.every((item) => item.subject === 'New inquiry about Sea-view apartment')).toBe(true);
  });
});

describeDistributed(
  'notifications through a crash of the notification service and a cut of its NATS connection',
  () => {
    let platform: Platform;
    let smtp: SmtpSink;
    let nats: TcpProxy;
    afterAll(async () => {
      await platform?.close();
      await smtp?.close();
      await nats?.close();
    });

    it('should mail every inquiry exactly once while the service is killed, restarted and cut off from NATS', async () => {
      smtp = await startSmtpSink();
      // Only the notification process reaches NATS through the proxy: the shared server is never touched.
      nats = await startTcpProxy(new URL(process.env.E2E_NATS_URL ?? 'nats://127.0.0.1:4222').host);
      platform = await startPlatform({
        env: { ...NOTIFICATION_ENV, NOTIFICATION_MAX_ATTEMPTS: '8', NOTIFICATION_LEASE_MS: '2000', SMTP_URL: smtp.url },
        appEnv: { notification: { NATS_URL: `nats://${nats.address}` } },
      });
      const broker = await createMember(platform, { role: 'owner' });
      const listing = await publishedListing(platform, {
        workspaceId: broker.workspaceId,
        createdBy: broker.accountId,
      });
      const total = 12;
      let emitted = 0;
      const emitting = (async () => {
        for (let i = 0; i < total; i++) {
          const buyer = await createAccount(platform);
          await request(platform.baseUrl)
            .post('/v1/inquiries')
            .set('authorization', `Bearer ${buyer.token}`)
            .send({ property_id: listing, question: `Question ${i}` })
            .expect(201);
          emitted++;
        }
      })();
      const emittedAtLeast = (n: number) =>
        eventually(
          () => emitted,
          (count) => count >= n || count === total,
          60_000,
        );

      await emittedAtLeast(2);
      await platform.stopApp('notification', 'SIGKILL'); // a crash: no drain, claimed messages left behind
      await emittedAtLeast(5);
      await platform.startApp('notification');
      await emittedAtLeast(7);
      nats.cut();
      await emittedAtLeast(10);
      nats.restore();
      await emitting;

      const distinct = (mail: ReceivedMail[]) => new Set(mail.map((item) => item.messageId)).size;
      await eventually(
        () => smtp.to(broker.email),
        (mail) => distinct(mail) >= total,
        120_000,
      );
      const deliveries = await withClient(platform.databaseUrl, (client) =>
        client.query<{ id: string; status: string }>(
          `SELECT id, status FROM notification.deliveries WHERE account_id = $1 AND kind = 'inquiry_created'`,
          [broker.accountId],
        ),
      );
      expect(deliveries.rows).toHaveLength(total); // one per inquiry: no event planned twice
      expect(deliveries.rows.every((row) => row.status === 'sent')).toBe(true);
      const mail = smtp.to(broker.email);
      expect(new Set(mail.map((item) => item.messageId))).toEqual(
        new Set(deliveries.rows.map((row) => `<${row.id}@property-platform>`)),
      );
      // Every message once on the wire too; were a crash to fall between the mail server's "250 OK" and
      // the sent mark, the resend would carry the same Message-ID for the mail client to drop.
      expect(mail).toHaveLength(total);
    }, 240_000);
  },
);
