import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EVENT_PAYLOAD_SCHEMAS } from '@app/contracts';
import { withClient } from '../harness/databases';
import { createMember } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { startLocalStripe } from '../harness/stripe-server';
import type { LocalStripe } from '../harness/stripe-server';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeE2e('payments', () => {
  describe('a platform without a payment provider', () => {
    let platform: Platform;

    beforeAll(async () => {
      // What a production start looks like when nobody configured a provider.
      platform = await startPlatform({ env: { PAYMENTS_PROVIDER: '', PAYMENTS_ALLOW_MANUAL: '' } });
    });

    afterAll(() => platform?.close());

    it('should start, and refuse packs and lead credits with 503 payments_not_configured, crediting nothing', async () => {
      await request(platform.baseUrl).get('/v1/health/ready').expect(200);
      const owner = await createMember(platform, { role: 'owner' });
      const pack = await request(platform.baseUrl)
        .post('/v1/workspace/decision-packs')
        .set(bearer(owner.token))
        .send({ size: 50 })
        .expect(503);
      expect(pack.body).toMatchObject({ error: 'payments_not_configured', code: 'SERVICE_UNAVAILABLE' });
      const credits = await request(platform.baseUrl)
        .post('/v1/workspace/lead-credits')
        .set(bearer(owner.token))
        .send({ quantity: 10 })
        .expect(503);
      expect(credits.body).toMatchObject({ error: 'payments_not_configured' });
      const balance = await request(platform.baseUrl).get('/v1/workspace/balance').set(bearer(owner.token)).expect(200);
      expect(balance.body).toMatchObject({ decisions: 0, lead_credits: 0 });
      const purchases = await request(platform.baseUrl)
        .get('/v1/workspace/purchases')
        .set(bearer(owner.token))
        .expect(200);
      expect(purchases.body.data).toEqual([]);
    });
  });

  describe('Stripe Checkout, through the official SDK against a local Stripe', () => {
    let platform: Platform;
    let stripe: LocalStripe;

    beforeAll(async () => {
      stripe = await startLocalStripe();
      platform = await startPlatform({
        env: {
          PAYMENTS_PROVIDER: 'stripe',
          PAYMENTS_ALLOW_MANUAL: '',
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_API_URL: stripe.url,
          PAYMENTS_TIMEOUT_MS: '2000',
        },
      });
      stripe.state.webhookUrl = `${platform.baseUrl}/v1/payments/webhooks/stripe`;
    });

    afterEach(() => {
      stripe.state.failWith = undefined;
      stripe.state.beforeSessionAnswer = undefined;
    });

    afterAll(async () => {
      await platform?.close();
      await stripe?.close();
    });

    const api = () => request(platform.baseUrl);
    const balanceOf = async (token: string) =>
      (await api().get('/v1/workspace/balance').set(bearer(token)).expect(200)).body as {
        decisions: number;
        lead_credits: number;
      };
    const purchasesOf = async (token: string) =>
      (await api().get('/v1/workspace/purchases').set(bearer(token)).expect(200)).body.data as {
        id: string;
        state: string;
        product: string;
        amount: number;
      }[];
    const buyPack = (token: string, size: number, key?: string) => {
      const req = api().post('/v1/workspace/decision-packs').set(bearer(token));
      return (key ? req.set('Idempotency-Key', key) : req).send({ size });
    };

    it('should answer 201 pending with the checkout page and credit only when the signed webhook says paid', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const bought = await buyPack(owner.token, 20).expect(201);
      expect(bought.body).toMatchObject({
        object: 'decision_pack',
        id: expect.stringMatching(UUID),
        size: 20,
        state: 'pending',
        checkout_url: expect.stringMatching(new RegExp(`^${stripe.url}/c/pay/cs_test_`)),
        refundable_until: null,
        balance: 0,
      });
      const session = stripe.sessionOf(bought.body.id as string)!;
      // What Stripe was asked for: our purchase, its price in halalas, where the buyer comes back.
      expect(session).toMatchObject({
        amount_total: 17900,
        currency: 'sar',
        metadata: { workspace_id: owner.workspaceId },
      });
      expect(session.success_url).toContain(`purchase=${bought.body.id}`);
      expect(await balanceOf(owner.token)).toMatchObject({ decisions: 0 });
      expect(await purchasesOf(owner.token)).toMatchObject([
        { id: bought.body.id, product: 'decision_pack', state: 'pending', amount: 17900 },
      ]);

      const paid = await stripe.deliver(stripe.settle(session.id, 'paid'));
      expect(paid.status).toBe(200);
      expect(await paid.json()).toEqual({ received: true });
      expect(await balanceOf(owner.token)).toMatchObject({ decisions: 20 });
      const [purchase] = await purchasesOf(owner.token);
      expect(purchase).toMatchObject({ state: 'paid', checkout_url: null, settled_at: expect.any(String) });
      // Paid money, a real tax invoice (not a demo one), issued with the credit.
      const invoices = await api().get('/v1/workspace/invoices').set(bearer(owner.token)).expect(200);
      expect(invoices.body.data).toMatchObject([
        { purchase_id: bought.body.id, kind: 'invoice', total: '179.00', vat: '23.35', demo: false },
      ]);
    });

    it('should credit once when the same event arrives twice at once, and again later', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const bought = await buyPack(owner.token, 5).expect(201);
      const event = stripe.settle(stripe.sessionOf(bought.body.id as string)!.id, 'paid');
      const twins = await Promise.all([stripe.deliver(event), stripe.deliver(event), stripe.deliver(event)]);
      expect(twins.map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await stripe.deliver(event)).status).toBe(200);
      expect(await balanceOf(owner.token)).toMatchObject({ decisions: 5 });
      const ledger = await api().get('/v1/workspace/ledger').set(bearer(owner.token)).expect(200);
      expect(ledger.body.data).toHaveLength(1);
    });

    it('should credit once when the paid webhook arrives before the checkout answer reaches us', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      let webhook: Response | undefined;
      stripe.state.beforeSessionAnswer = async (session) => {
        webhook = await stripe.deliver(stripe.settle(session.id, 'paid'));
      };
      const bought = await buyPack(owner.token, 50);
      expect([webhook?.status, await webhook?.text()]).toEqual([200, '{"received":true}']);
      expect(bought.status).toBe(201);
      expect(bought.body).toMatchObject({ state: 'paid', checkout_url: null, balance: 50 });
      expect(await balanceOf(owner.token)).toMatchObject({ decisions: 50 });
      expect(await purchasesOf(owner.token)).toMatchObject([{ state: 'paid' }]);
    });

    it('should answer 503 payment_unavailable when Stripe is down, recording and crediting nothing', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      stripe.state.failWith = 500;
      const key = `k-${randomUUID()}`;
      const down = await buyPack(owner.token, 5, key).expect(503);
      expect(down.body).toMatchObject({ error: 'payment_unavailable' });
      expect(JSON.stringify(down.body)).not.toContain(stripe.secretKey);
      expect(await purchasesOf(owner.token)).toEqual([]);
      expect(await balanceOf(owner.token)).toMatchObject({ decisions: 0 });
      // Back up: the retry with the same key starts the purchase.
      stripe.state.failWith = undefined;
      const retried = await buyPack(owner.token, 5, key).expect(201);
      expect(retried.body).toMatchObject({ state: 'pending' });
      expect(platform.logs()).not.toContain(stripe.secretKey);
    });

    it('should make one purchase and one Stripe session when 5 requests share an Idempotency-Key', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const key = `k-${randomUUID()}`;
      const replies = await Promise.all(Array.from({ length: 5 }, () => buyPack(owner.token, 20, key)));
      expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(replies.map((r) => r.body.id as string)).size).toBe(1);
      expect(new Set(replies.map((r) => r.body.checkout_url as string)).size).toBe(1);
      expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === replies[0].body.id)).toHaveLength(1);
      expect(await purchasesOf(owner.token)).toHaveLength(1);
      const reused = await buyPack(owner.token, 50, key).expect(422);
      expect(reused.body).toMatchObject({ error: 'idempotency_key_reused' });
    });

    it('should end failed and expired checkouts without credit', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const failed = await buyPack(owner.token, 5).expect(201);
      const expired = await buyPack(owner.token, 20).expect(201);
      expect((await stripe.deliver(stripe.settle(stripe.sessionOf(failed.body.id)!.id, 'failed'))).status).toBe(200);
      expect((await stripe.deliver(stripe.settle(stripe.sessionOf(expired.body.id)!.id, 'expired'))).status).toBe(200);
      const states = Object.fromEntries((await purchasesOf(owner.token)).map((p) => [p.id, p.state]));
      expect(states).toEqual({ [failed.body.id]: 'failed', [expired.body.id]: 'expired' });
      expect(await balanceOf(owner.token)).toMatchObject({ decisions: 0 });
      const invoices = await api().get('/v1/workspace/invoices').set(bearer(owner.token)).expect(200);
      expect(invoices.body.data).toEqual([]);
      // Told to subscribers (and webhooks) as billing.purchase.failed.v1, in the AsyncAPI document's shape.
      const events = await withClient(platform.databaseUrl, async (client) =>
        (
          await client.query<{ payload: Record<string, unknown> }>(
            `SELECT payload FROM billing.outbox WHERE subject = 'billing.purchase.failed.v1' AND payload->>'workspace_id' = $1`,
            [owner.workspaceId],
          )
        ).rows.map((row) => row.payload),
      );
      const schema = EVENT_PAYLOAD_SCHEMAS.PurchaseSettled as { required: string[] };
      expect(events.map((e) => e.state).sort()).toEqual(['expired', 'failed']);
      for (const event of events) expect(Object.keys(event).sort()).toEqual([...schema.required].sort());
    });

    it('should refuse a bad signature with 400 and ignore an event for another workspace or no purchase', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const other = await createMember(platform, { role: 'owner' });
      const bought = await buyPack(owner.token, 5).expect(201);
      const session = stripe.sessionOf(bought.body.id as string)!;
      const forged = stripe.settle(session.id, 'paid');
      const wrongKey = stripe.event('checkout.session.completed', session, 'whsec_not_ours');
      const bad = await stripe.deliver({ ...forged, header: wrongKey.header });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: 'invalid_signature' });
      const tampered = await stripe.deliver({ ...forged, payload: forged.payload.replace('"paid"', '"paid" ') });
      expect(tampered.status).toBe(400);
      // A provider this platform does not use has no webhook here.
      await api()
        .post('/v1/payments/webhooks/checkout')
        .set('stripe-signature', forged.header)
        .set('content-type', 'application/json')
        .send(forged.payload)
        .expect(404);
      // Signed, but naming our purchase with another workspace: changes nothing.
      const stolen = stripe.event('checkout.session.completed', {
        ...session,
        metadata: { ...session.metadata, workspace_id: other.workspaceId },
      });
      expect((await stripe.deliver(stolen)).status).toBe(200);
      const unknown = stripe.event('checkout.session.completed', { ...session, client_reference_id: randomUUID() });
      expect((await stripe.deliver(unknown)).status).toBe(200);
      expect(await balanceOf(owner.token)).toMatchObject({ decisions: 0 });
      expect(await balanceOf(other.token)).toMatchObject({ decisions: 0 });
      expect(await purchasesOf(owner.token)).toMatchObject([{ state: 'pending' }]);
      expect(await purchasesOf(other.token)).toEqual([]);
    });

    it('should sell lead credits through the same checkout', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const before = (await balanceOf(owner.token)).lead_credits;
      const bought = await api()
        .post('/v1/workspace/lead-credits')
        .set(bearer(owner.token))
        .send({ quantity: 4 })
        .expect(201);
      expect(bought.body).toMatchObject({ object: 'lead_credit_purchase', state: 'pending', quantity: 4 });
      const session = stripe.sessionOf(bought.body.id as string)!;
      expect(session.amount_total).toBe(4 * 1500);
      await stripe.deliver(stripe.settle(session.id, 'paid'));
      expect((await balanceOf(owner.token)).lead_credits).toBe(before + 4);
    });

    it("should refund the unused part of a paid pack through Stripe's refund API, once", async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const bought = await buyPack(owner.token, 20).expect(201);
      const event = stripe.settle(stripe.sessionOf(bought.body.id as string)!.id, 'paid');
      await stripe.deliver(event);
      const refunded = await api()
        .post(`/v1/workspace/decision-packs/${bought.body.id}/refund`)
        .set(bearer(owner.token))
        .expect(200);
      expect(refunded.body).toMatchObject({ refunded_decisions: 20, balance: 0 });
      const paymentIntent = JSON.parse(event.payload).data.object.payment_intent as string;
      expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntent)).toEqual([
        { payment_intent: paymentIntent, amount: 17900, idempotencyKey: `pack_refund:${bought.body.id}` },
      ]);
      await api().post(`/v1/workspace/decision-packs/${bought.body.id}/refund`).set(bearer(owner.token)).expect(409);
      const invoices = await api().get('/v1/workspace/invoices').set(bearer(owner.token)).expect(200);
      expect(invoices.body.data.map((i: { kind: string; total: string }) => [i.kind, i.total]).sort()).toEqual([
        ['credit_note', '-179.00'],
        ['invoice', '179.00'],
      ]);
    });
  });
});
