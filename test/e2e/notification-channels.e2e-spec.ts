import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import webPush from 'web-push';
import { publishedListing, setPhone } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { createAccount, createMember } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { eventually } from '../harness/eventually';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- web-push's own encryption library, untyped
const ece = require('http_ece') as { decrypt(body: Buffer, params: Record<string, unknown>): Buffer };

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A local HTTP server standing in for a provider: records each request and answers what it is told. */
async function startProvider(answer: (req: Received) => { status: number; body?: unknown }) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(entry);
      const { status, body } = answer(entry);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a browser holds for a push subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authText: auth.toString('base64url') };
}

const PHONE_NUMBER_ID = '109876543210';
const TOKEN = 'EAAG-test-token';
/** A workspace's own Business number and its system user token. */
const WORKSPACE_NUMBER_ID = '223344556677';
const WORKSPACE_TOKEN = 'EAAG-workspace-system-user-token-0123456789';

describeE2e('notification channels: WhatsApp Cloud API and web push', () => {
  let platform: Platform;
  let whatsapp: Awaited<ReturnType<typeof startProvider>>;
  let pushService: Awaited<ReturnType<typeof startProvider>>;
  const vapid = webPush.generateVAPIDKeys();
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    // The Cloud API as documented: each number answers its own token, for sends and for its description.
    const tokens: Record<string, string> = { [PHONE_NUMBER_ID]: TOKEN, [WORKSPACE_NUMBER_ID]: WORKSPACE_TOKEN };
    whatsapp = await startProvider((req) => {
      const [, version, numberId, rest] = /^\/([^/]+)\/(\d+)(.*)$/.exec(req.path) ?? [];
      if (version !== 'v21.0' || req.headers.authorization !== `Bearer ${tokens[numberId]}`) {
        return { status: 401, body: { error: { message: 'Invalid OAuth access token', code: 190 } } };
      }
      if (rest === '/messages') {
        return { status: 200, body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.test' }] } };
      }
      return rest === '?fields=display_phone_number,verified_name'
        ? {
            status: 200,
            body: { display_phone_number: '+966 11 234 5678', verified_name: 'دار الرياض العقارية', id: numberId },
          }
        : { status: 400, body: { error: { message: 'Unsupported get request', code: 100 } } };
    });
    pushService = await startProvider((req) => ({ status: req.path.startsWith('/gone/') ? 410 : 201 }));
    platform = await startPlatform({
      env: {
        NOTIFICATION_POLL_MS: '100',
        NOTIFICATION_RETRY_BASE_MS: '50',
        WHATSAPP_API_URL: `${whatsapp.base}/v21.0`,
        WHATSAPP_TOKEN: TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
    });
  });

  afterAll(async () => {
    await platform?.close();
    await whatsapp?.close();
    await pushService?.close();
  });

  it('should send the broker a WhatsApp template message in their language when a buyer inquires', async () => {
    const broker = await createMember(platform, { role: 'owner' });
    await setPhone(platform, broker.accountId, '+971501234567');
    await withClient(platform.databaseUrl, (client) =>
      client.query(`UPDATE identity.accounts SET language = 'ar' WHERE id = $1`, [broker.accountId]),
    );
    const listing = await publishedListing(platform, { workspaceId: broker.workspaceId, createdBy: broker.accountId });
    const buyer = await createAccount(platform);
    await api().post('/v1/inquiries').set(as(buyer.token)).send({ property_id: listing, question: 'Hi' }).expect(201);

    const [message] = await eventually(
      () => whatsapp.received.filter((req) => JSON.parse(req.body.toString()).to === '971501234567'),
      (found) => found.length === 1,
    );
    expect(message.headers['content-type']).toBe('application/json');
    expect(JSON.parse(message.body.toString())).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '971501234567',
      type: 'template',
      template: {
        name: 'property_notification',
        language: { code: 'ar' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'أرسل مشترٍ استفسارًا عن شقة بإطلالة بحرية.' }] },
        ],
      },
    });
    const sent = await eventually(
      () =>
        withClient(platform.databaseUrl, (client) =>
          client.query<{ status: string }>(
            `SELECT status FROM notification.deliveries WHERE account_id = $1 AND channel = 'whatsapp'`,
            [broker.accountId],
          ),
        ).then((result) => result.rows),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(sent).toEqual([{ status: 'sent' }]);
  });

  describe("a workspace's own WhatsApp number", () => {
    /** A broker with a phone, a published listing, and a way to make a buyer inquire on it. */
    async function brokerWithListing(phone: string) {
      const broker = await createMember(platform, { role: 'owner' });
      await setPhone(platform, broker.accountId, phone);
      const listing = await publishedListing(platform, {
        workspaceId: broker.workspaceId,
        createdBy: broker.accountId,
      });
      const inquire = async () => {
        const buyer = await createAccount(platform);
        await api()
          .post('/v1/inquiries')
          .set(as(buyer.token))
          .send({ property_id: listing, question: 'Hi' })
          .expect(201);
      };
      return { broker, inquire };
    }
    const sentTo = (number: string) =>
      whatsapp.received.filter(
        (req) => req.path.endsWith('/messages') && JSON.parse(req.body.toString()).to === number,
      );
    const deliveriesOf = (accountId: string) =>
      withClient(platform.databaseUrl, (client) =>
        client.query<{ status: string; last_error: string | null }>(
          `SELECT status, last_error FROM notification.deliveries WHERE account_id = $1 AND channel = 'whatsapp'`,
          [accountId],
        ),
      ).then((result) => result.rows);

    it('should refuse a token WhatsApp rejects, store nothing, and never show the token it keeps', async () => {
      const { broker } = await brokerWithListing('+966500000001');
      const refused = await api()
        .put('/v1/workspace/whatsapp')
        .set(as(broker.token))
        .send({ phone_number_id: WORKSPACE_NUMBER_ID, access_token: 'EAAG-a-token-whatsapp-does-not-know' })
        .expect(422);
      expect(refused.body).toMatchObject({ error: 'validation_error', field: 'access_token' });
      const before = await api().get('/v1/workspace/whatsapp').set(as(broker.token)).expect(200);
      expect(before.body).toMatchObject({ connected: false, phone_number_id: null });

      const connected = await api()
        .put('/v1/workspace/whatsapp')
        .set(as(broker.token))
        .send({ phone_number_id: WORKSPACE_NUMBER_ID, access_token: WORKSPACE_TOKEN, template: 'broker_alert' })
        .expect(200);
      expect(connected.body).toEqual({
        object: 'whatsapp_connection',
        connected: true,
        enabled: true,
        phone_number_id: WORKSPACE_NUMBER_ID,
        display_phone_number: '+966 11 234 5678',
        verified_name: 'دار الرياض العقارية',
        template: 'broker_alert',
        connected_at: expect.any(String),
      });
      const read = await api().get('/v1/workspace/whatsapp').set(as(broker.token)).expect(200);
      expect(read.body).toEqual(connected.body);
      const { rows } = await withClient(platform.databaseUrl, (client) =>
        client.query<{ access_token_sealed: string }>(
          `SELECT access_token_sealed FROM notification.whatsapp_connections WHERE workspace_id = $1`,
          [broker.workspaceId],
        ),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].access_token_sealed).not.toContain(WORKSPACE_TOKEN);
    });

    it("should send from the workspace's number with its token and template, and other workspaces keep the platform's", async () => {
      const connected = await brokerWithListing('+966500000002');
      await api()
        .put('/v1/workspace/whatsapp')
        .set(as(connected.broker.token))
        .send({ phone_number_id: WORKSPACE_NUMBER_ID, access_token: WORKSPACE_TOKEN, template: 'broker_alert' })
        .expect(200);
      const other = await brokerWithListing('+966500000003');
      await connected.inquire();
      await other.inquire();

      const [own] = await eventually(
        () => sentTo('966500000002'),
        (found) => found.length === 1,
      );
      expect(own.path).toBe(`/v21.0/${WORKSPACE_NUMBER_ID}/messages`);
      expect(own.headers.authorization).toBe(`Bearer ${WORKSPACE_TOKEN}`);
      expect(JSON.parse(own.body.toString())).toMatchObject({ template: { name: 'broker_alert' } });
      const [platformSent] = await eventually(
        () => sentTo('966500000003'),
        (found) => found.length === 1,
      );
      expect(platformSent.path).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
      expect(JSON.parse(platformSent.body.toString())).toMatchObject({ template: { name: 'property_notification' } });
    });

    it('should send nothing while switched off, and fall back to the platform number once disconnected', async () => {
      const { broker, inquire } = await brokerWithListing('+966500000004');
      await api()
        .put('/v1/workspace/whatsapp')
        .set(as(broker.token))
        .send({ phone_number_id: WORKSPACE_NUMBER_ID, access_token: WORKSPACE_TOKEN, enabled: false })
        .expect(200);
      await inquire();
      // The e-mail of the same inquiry is planned in the same transaction: once it exists, WhatsApp was decided.
      await eventually(
        () =>
          withClient(platform.databaseUrl, (client) =>
            client.query(`SELECT 1 FROM notification.inbox WHERE account_id = $1`, [broker.accountId]),
          ).then((result) => result.rowCount),
        (count) => count === 1,
      );
      expect(await deliveriesOf(broker.accountId)).toEqual([]);

      await api().delete('/v1/workspace/whatsapp').set(as(broker.token)).expect(204);
      await api().delete('/v1/workspace/whatsapp').set(as(broker.token)).expect(404);
      await inquire();
      const [sent] = await eventually(
        () => sentTo('966500000004'),
        (found) => found.length === 1,
      );
      expect(sent.path).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
    });

    it('should let owners, admins and API keys manage the connection, not agents or buyers', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const agent = await createMember(platform, { role: 'agent', workspaceId: owner.workspaceId });
      const buyer = await createAccount(platform);
      const body = { phone_number_id: WORKSPACE_NUMBER_ID, access_token: WORKSPACE_TOKEN };
      await api().put('/v1/workspace/whatsapp').set(as(agent.token)).send(body).expect(403);
      await api().get('/v1/workspace/whatsapp').set(as(buyer.token)).expect(403);
      await api().get('/v1/workspace/whatsapp').expect(401);
      const bad = await api()
        .put('/v1/workspace/whatsapp')
        .set(as(owner.token))
        .send({ phone_number_id: '+966 11 234', access_token: 'short' })
        .expect(422);
      expect(bad.body).toMatchObject({ error: 'validation_error' });
      const stored = await api().get('/v1/workspace/whatsapp').set(as(owner.token)).expect(200);
      expect(stored.body).toMatchObject({ connected: false });
    });
  });

  it('should push an encrypted low-balance alert to the owner’s browser, signed with the VAPID key', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    const browser = browserKeys();
    const listed = await api().get('/v1/me/push-subscriptions').set(as(owner.token)).expect(200);
    expect(listed.body).toEqual({ object: 'list', vapid_public_key: vapid.publicKey, data: [] });
    await api()
      .post('/v1/me/push-subscriptions')
      .set(as(owner.token))
      .send({
        endpoint: `${pushService.base}/push/${owner.accountId}`,
        keys: { p256dh: browser.p256dh, auth: browser.authText },
      })
      .expect(201);

    const listing = await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: owner.accountId });
    await api().post('/v1/workspace/lead-credits').set(as(owner.token)).send({ quantity: 3 }).expect(201);
    const buyer = await createAccount(platform);
    await api().post('/v1/inquiries').set(as(buyer.token)).send({ property_id: listing, question: 'Hi' }).expect(201);

    const [push] = await eventually(
      () => pushService.received.filter((req) => req.path === `/push/${owner.accountId}`),
      (found) => found.length >= 1,
    );
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
    );
    const payload = JSON.parse(
      ece
        .decrypt(push.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth })
        .toString('utf8'),
    );
    expect(payload).toEqual({
      title: 'Your lead credits are running low',
      body: '2 lead credits left in your workspace.',
      lang: 'en',
      dir: 'ltr',
    });
  });

  it('should drop a browser subscription the push service says is gone, and refuse a malformed one', async () => {
    const user = await createMember(platform, { role: 'owner' });
    const browser = browserKeys();
    const created = await api()
      .post('/v1/me/push-subscriptions')
      .set(as(user.token))
      .send({
        endpoint: `${pushService.base}/gone/${user.accountId}`,
        keys: { p256dh: browser.p256dh, auth: browser.authText },
      })
      .expect(201);
    const listing = await publishedListing(platform, { workspaceId: user.workspaceId, createdBy: user.accountId });
    await api().post('/v1/workspace/lead-credits').set(as(user.token)).send({ quantity: 3 }).expect(201);
    const buyer = await createAccount(platform);
    await api().post('/v1/inquiries').set(as(buyer.token)).send({ property_id: listing, question: 'Hi' }).expect(201);
    const rows = await eventually(
      () =>
        withClient(platform.databaseUrl, (client) =>
          client.query<{ status: string; last_error: string }>(
            `SELECT status, last_error FROM notification.deliveries WHERE account_id = $1 AND channel = 'push'`,
            [user.accountId],
          ),
        ).then((result) => result.rows),
      (found) => found[0]?.status === 'dead',
    );
    expect(rows[0]).toMatchObject({ status: 'dead', last_error: expect.stringContaining('410') });
    const after = await api().get('/v1/me/push-subscriptions').set(as(user.token)).expect(200);
    expect(after.body.data).toEqual([]);
    await api()
      .delete(`/v1/me/push-subscriptions/${(created.body as { id: string }).id}`)
      .set(as(user.token))
      .expect(404);

    const bad = await api()
      .post('/v1/me/push-subscriptions')
      .set(as(user.token))
      .send({ endpoint: 'not a url', keys: { p256dh: browser.p256dh, auth: browser.authText } })
      .expect(422);
    expect(bad.body).toMatchObject({ error: 'validation_error', field: 'endpoint' });
  });
});
