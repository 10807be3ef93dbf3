import request from 'supertest';
import type { WebhookCreatedResponse, WebhookDeliveriesPage } from '@app/contracts';
import { publishedListing } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { createAccount, createApiKey, createMember } from '../harness/identity-fixtures';
import type { MemberFixture } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { freePort } from '../harness/processes';
import { eventually } from '../harness/eventually';
import { startWebhookReceiver, verifyDelivery } from '../harness/webhook-receiver';

describeE2e('webhooks: signed deliveries of workspace events', () => {
  let platform: Platform;
  let owner: MemberFixture;
  let listingId: string;
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function subscribe(url: string, events = ['leads.inquiry.created.v1']) {
    const res = await api().post('/v1/workspace/webhooks').set(as(owner.token)).send({ url, events }).expect(201);
    return res.body as WebhookCreatedResponse;
  }

  async function inquire(propertyId: string) {
    const buyer = await createAccount(platform);
    await api()
      .post('/v1/inquiries')
      .set(as(buyer.token))
      .send({ property_id: propertyId, question: 'هل يوجد موقف سيارات؟' })
      .expect(201);
  }

  const deliveries = async (webhookId: string) =>
    (
      (await api().get(`/v1/workspace/webhooks/${webhookId}/deliveries`).set(as(owner.token)).expect(200))
        .body as WebhookDeliveriesPage
    ).data;

  beforeAll(async () => {
    platform = await startPlatform({
      env: { NOTIFICATION_POLL_MS: '100', NOTIFICATION_RETRY_BASE_MS: '50', WEBHOOK_RETRY_WINDOW_MS: '1500' },
    });
    owner = await createMember(platform, { role: 'owner' });
    listingId = await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: owner.accountId });
  });

  afterAll(() => platform?.close());

  it('should sign each delivery so the published snippet verifies it, and refuse a tampered or replayed one', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const webhook = await subscribe(receiver.url);
      expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const stored = await withClient(platform.databaseUrl, (client) =>
        client.query<{ secret_encrypted: string }>(`SELECT secret_encrypted FROM notification.webhooks WHERE id = $1`, [
          webhook.id,
        ]),
      );
      expect(stored.rows[0].secret_encrypted).not.toContain(webhook.secret.slice(6));
      const listed = await api().get('/v1/workspace/webhooks').set(as(owner.token)).expect(200);
      expect(JSON.stringify(listed.body)).not.toContain(webhook.secret);

      await inquire(listingId);
      const [delivery] = await eventually(
        () => receiver.received,
        (items) => items.length === 1,
      );
      const event = verifyDelivery(webhook.secret, delivery.headers, delivery.body);
      expect(event).toMatchObject({
        type: 'leads.inquiry.created.v1',
        data: { workspace_id: owner.workspaceId, property_id: listingId },
      });
      expect(() =>
        verifyDelivery(webhook.secret, delivery.headers, delivery.body.replace('inquiry', 'booking')),
      ).toThrow();
      expect(() => verifyDelivery(webhook.secret, delivery.headers, delivery.body)).toThrow(/replayed/);

      const [record] = await eventually(
        () => deliveries(webhook.id),
        (rows) => rows[0]?.status === 'delivered',
      );
      expect(record).toMatchObject({
        id: delivery.headers['webhook-id'],
        event_type: 'leads.inquiry.created.v1',
        status: 'delivered',
        attempts: 1,
        last_status_code: 204,
      });
    } finally {
      await receiver.close();
    }
  });

  it('should never send a workspace another workspace’s events', async () => {
    const receiver = await startWebhookReceiver();
    try {
      await subscribe(receiver.url);
      const other = await createMember(platform, { role: 'owner' });
      const otherListing = await publishedListing(platform, {
        workspaceId: other.workspaceId,
        createdBy: other.accountId,
      });
      await inquire(otherListing);
      await inquire(listingId);
      const received = await eventually(
        () => receiver.received,
        (items) => items.length >= 1,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0].body).data.workspace_id).toBe(owner.workspaceId);
    } finally {
      await receiver.close();
    }
  });

  it('should retry a failing receiver until it answers, keeping the same webhook-id', async () => {
    const receiver = await startWebhookReceiver([500, 503]);
    try {
      const webhook = await subscribe(receiver.url);
      await inquire(listingId);
      const received = await eventually(
        () => receiver.received,
        (items) => items.length === 3,
      );
      expect(new Set(received.map((item) => item.headers['webhook-id'])).size).toBe(1);
      const [record] = await eventually(
        () => deliveries(webhook.id),
        (rows) => rows[0]?.status === 'delivered',
      );
      expect(record).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 204 });
    } finally {
      await receiver.close();
    }
  });

  it('should record an unreachable receiver as failed after the retry window, and replay it on request', async () => {
    const port = await freePort();
    const webhook = await subscribe(`http://127.0.0.1:${port}/gone`);
    await inquire(listingId);
    const [failed] = await eventually(
      () => deliveries(webhook.id),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(failed.attempts).toBeGreaterThan(1);
    expect(failed.last_error).toMatch(/fetch failed|ECONNREFUSED/i);

    const replayed = await api()
      .post(`/v1/workspace/webhooks/${webhook.id}/deliveries/${failed.id}/replay`)
      .set(as(owner.token))
      .expect(202);
    expect(replayed.body).toMatchObject({ id: failed.id, status: 'pending' });
  });

  it('should refuse bad webhooks and hide other workspaces’ ones', async () => {
    const bad = await api()
      .post('/v1/workspace/webhooks')
      .set(as(owner.token))
      .send({ url: 'ftp://files.example.com', events: ['leads.inquiry.created.v1'] })
      .expect(422);
    expect(bad.body).toMatchObject({ error: 'validation_error', field: 'url' });
    const unknown = await api()
      .post('/v1/workspace/webhooks')
      .set(as(owner.token))
      .send({ url: 'http://127.0.0.1:9/x', events: ['identity.password.changed.v1'] })
      .expect(422);
    expect(unknown.body).toMatchObject({ error: 'validation_error' });

    const webhook = await subscribe('http://127.0.0.1:9/hook');
    const rival = await createMember(platform, { role: 'owner' });
    await api().get(`/v1/workspace/webhooks/${webhook.id}/deliveries`).set(as(rival.token)).expect(404);
    await api().delete(`/v1/workspace/webhooks/${webhook.id}`).set(as(rival.token)).expect(404);
    const agent = await createMember(platform, { role: 'agent', workspaceId: owner.workspaceId });
    await api().get('/v1/workspace/webhooks').set(as(agent.token)).expect(403);
    await api().get('/v1/workspace/webhooks').expect(401);
    const key = await createApiKey(platform, owner.workspaceId, owner.accountId);
    await api().delete(`/v1/workspace/webhooks/${webhook.id}`).set(as(key)).expect(204);
    await api().delete(`/v1/workspace/webhooks/${webhook.id}`).set(as(key)).expect(404);
  });
});
