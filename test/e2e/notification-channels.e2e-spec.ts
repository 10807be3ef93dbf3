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

async function eventually<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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

describeE2e('notification channels: WhatsApp Cloud API and web push', () => {
  let platform: Platform;
  let whatsapp: Awaited<ReturnType<typeof startProvider>>;
  let pushService: Awaited<ReturnType<typeof startProvider>>;
  const vapid = webPush.generateVAPIDKeys();
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    whatsapp = await startProvider((req) =>
      req.headers.authorization === `Bearer ${TOKEN}` && req.path === `/v21.0/${PHONE_NUMBER_ID}/messages`
        ? { status: 200, body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.test' }] } }
        : { status: 401, body: { error: { message: 'Invalid OAuth access token', code: 190 } } },
    );
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
