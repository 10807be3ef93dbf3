import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { APP_NAMES, natsPasswordKey, BillingRpc } from '@app/contracts';
import type { AppName, InboxPage, InquiryCreatedResponse, ListingResponse } from '@app/contracts';
import { natsConnectionOptions, qualifySubject, renderNatsAuthorization } from '@app/messaging';
import { balanceOf, fundedWorkspace } from '../harness/billing-fixtures';
import { addListingImage, createModerator, publishedListing } from '../harness/catalogue-fixtures';
import { createAccount, createMember } from '../harness/identity-fixtures';
import { listingBody } from '../harness/listing-body';
import { eventually } from '../harness/eventually';
import { describeDistributed } from '../harness/mode';
import { startOwnNatsServer } from '../harness/nats-server';
import type { OwnNatsServer } from '../harness/nats-server';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/**
 * NATS with the generated authorization (deploy/nats/, from TRANSPORT_PERMISSIONS): every app on
 * its own credentials. Nobody gets in without credentials, an app cannot send what the table does
 * not grant it, and the whole platform still does its real work through those permissions.
 */
describeDistributed('NATS with per-app credentials and permissions', () => {
  const namespace = `e2e${randomBytes(4).toString('hex')}`;
  const passwords = Object.fromEntries(APP_NAMES.map((app) => [app, `p${randomBytes(24).toString('hex')}`])) as Record<
    AppName,
    string
  >;
  let nats: OwnNatsServer;
  let platform: Platform;
  const connections: NatsConnection[] = [];

  const connectAs = async (app?: AppName): Promise<NatsConnection> => {
    const nc = await connect({
      ...natsConnectionOptions(
        { natsUrl: nats.url, natsAuth: app && { user: app, password: passwords[app] } },
        `test-${app ?? 'anonymous'}`,
      ),
      maxReconnectAttempts: 0,
    });
    connections.push(nc);
    return nc;
  };
  /** A pack purchase as Nest's NATS client sends it, straight to billing's subject. */
  const purchase = (nc: NatsConnection) =>
    nc.request(
      qualifySubject(namespace, BillingRpc.purchasePack.pattern),
      JSON.stringify({ pattern: BillingRpc.purchasePack.pattern, data: { meta: {}, data: {} }, id: 'direct-1' }),
      { timeout: 3000, noMux: true },
    );

  beforeAll(async () => {
    nats = await startOwnNatsServer({
      config: renderNatsAuthorization(namespace),
      env: Object.fromEntries(APP_NAMES.map((app) => [natsPasswordKey(app), passwords[app]])),
    });
    platform = await startPlatform({
      natsUrl: nats.url,
      deleteStreams: false,
      env: { EVENTS_NAMESPACE: namespace, DEMO_TRANSACTIONS: 'true' },
      appEnv: Object.fromEntries(APP_NAMES.map((app) => [app, { NATS_USER: app, NATS_PASSWORD: passwords[app] }])),
    });
  });

  afterAll(async () => {
    await Promise.all(connections.map((nc) => nc.close()));
    await platform?.close();
    await nats?.close();
  });

  it('should refuse a connection without credentials', async () => {
    await expect(connectAs()).rejects.toThrow(/Authorization Violation/i);
  });

  it('should refuse a billing request sent with catalogue’s credentials, and pass the gateway’s to billing', async () => {
    await expect(purchase(await connectAs('catalogue'))).rejects.toThrow(/Permissions Violation for Publish/i);

    // The gateway may: billing itself answers (here, that the empty request is not a valid purchase).
    const answer = (await purchase(await connectAs('gateway'))).json<{ err?: { error?: string } }>();
    expect(answer.err?.error).toBe('validation_error');
  });

  it('should charge one decision through billing when a decision is made', async () => {
    const { key } = await fundedWorkspace(platform, 5);
    const before = await balanceOf(platform, key);
    await request(platform.baseUrl)
      .post('/v1/decisions')
      .set('authorization', `Bearer ${key}`)
      .send({
        property: { type: 'apartment', price: 1_200_000, area: 150, bedrooms: 3, floor: 4, age: 5, parking: true },
        location: { city: 'Riyadh', district: 'Al Olaya' },
        reasoning: false,
      })
      .expect(200);
    expect(await balanceOf(platform, key)).toBe(before - 1);
  });

  it('should bring the broker an in-app notification when a buyer sends an inquiry', async () => {
    const broker = await createMember(platform, { role: 'owner' });
    const buyer = await createAccount(platform);
    const listingId = await publishedListing(platform, {
      workspaceId: broker.workspaceId,
      createdBy: broker.accountId,
    });
    await request(platform.baseUrl)
      .post('/v1/inquiries')
      .set('authorization', `Bearer ${buyer.token}`)
      .send({ property_id: listingId, question: 'هل السعر قابل للتفاوض؟' })
      .expect(201)
      .then((res) => expect((res.body as InquiryCreatedResponse).inquiry.id).toBeDefined());
    const inbox = await eventually(
      async () =>
        (
          await request(platform.baseUrl)
            .get('/v1/me/notifications')
            .set('authorization', `Bearer ${broker.token}`)
            .expect(200)
        ).body as InboxPage,
      (page) => page.unread_count > 0,
    );
    expect(inbox.unread_count).toBe(1);
  });

  it('should publish a listing a moderator approves', async () => {
    const agent = await createMember(platform, { role: 'agent' });
    const moderator = await createModerator(platform);
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const draft = (
      await request(platform.baseUrl).post('/v1/listings').set(as(agent.token)).send(listingBody()).expect(201)
    ).body as ListingResponse;
    expect(draft.city_ar).toBe('الرياض'); // catalogue resolved the place through decision
    await addListingImage(platform, draft.id);
    await request(platform.baseUrl).post(`/v1/listings/${draft.id}/submit`).set(as(agent.token)).expect(200);
    const published = (
      await request(platform.baseUrl)
        .post(`/v1/moderation/listings/${draft.id}/approve`)
        .set(as(moderator.token))
        .expect(200)
    ).body as ListingResponse;
    expect(published.status).toBe('published');
  });

  it('should have refused nothing the apps asked of NATS while they worked (the server logs each refusal)', () => {
    const refusals = nats
      .logs()
      .split('\n')
      .filter((line) => /Violation/i.test(line));
    // This file's own connections are named test-…; the apps' connections by their instance ids.
    const ours = (line: string) => line.includes('nats.js:test-');
    expect(refusals.filter((line) => !ours(line))).toEqual([]);
    expect(refusals.length).toBeGreaterThan(0); // the server does log them: the two this file caused
  });
});
