import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BILLING_BALANCE_LOW, IDENTITY_WORKSPACE_CREATED, BillingRpc } from '@app/contracts';
import type { DebitRequest, DecisionPackSize, WorkspaceCreatedPayload } from '@app/contracts';
import { AppError } from '@app/errors';
import { EVENT_STREAM, RpcClient } from '@app/messaging';
import type { EventStream } from '@app/messaging';
import { BillingModule } from '../../apps/billing/src/billing.module';
import { Clock } from '../../apps/billing/src/clock/clock';
import { PlansService } from '../../apps/billing/src/plans/plans.service';
import { withClient } from '../harness/databases';
import { createApiKey, createMember, createWorkspace } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { startServiceApp } from '../harness/service-app';
import type { ServiceApp } from '../harness/service-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Drift {
  workspace_id: string;
  asset: string;
  balance: number;
  ledger: number;
}

/** Every balance equals the sum of its ledger entries (and no ledger sum lacks a balance). */
async function ledgerDrift(query: (sql: string) => Promise<Drift[]>): Promise<Drift[]> {
  return query(`
    SELECT COALESCE(b.workspace_id, l.workspace_id)::text AS workspace_id, COALESCE(b.asset, l.asset) AS asset,
           COALESCE(b.amount, 0)::int AS balance, COALESCE(l.total, 0)::int AS ledger
    FROM billing.balances b
    FULL JOIN (SELECT workspace_id, asset, SUM(amount) AS total FROM billing.ledger_entries GROUP BY 1, 2) l
      ON l.workspace_id = b.workspace_id AND l.asset = b.asset
    WHERE COALESCE(b.amount, 0) <> COALESCE(l.total, 0)`);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

describeE2e('billing', () => {
  describe('the billing service over the transport', () => {
    let service: ServiceApp;
    let rpc: RpcClient;
    let dataSource: DataSource;
    let clock: Clock;

    beforeAll(async () => {
      // Packs are bought without money here: the manual provider, allowed explicitly.
      Object.assign(process.env, { PAYMENTS_PROVIDER: 'manual', PAYMENTS_ALLOW_MANUAL: 'true' });
      service = await startServiceApp({ imports: [BillingModule] }, { rpcTimeoutMs: 10_000 });
      rpc = service.app.get(RpcClient);
      dataSource = service.app.get<DataSource>(getDataSourceToken('billing'));
      clock = service.app.get(Clock);
    });

    afterEach(async () => {
      jest.restoreAllMocks();
      expect(await ledgerDrift((sql) => dataSource.query<Drift[]>(sql))).toEqual([]);
    });

    afterAll(() => service?.close());

    const debit = (req: Partial<DebitRequest> & { workspace_id: string }) =>
      rpc.call(BillingRpc.debit, {
        asset: 'decisions',
        amount: 1,
        request_id: randomUUID(),
        reason: 'decision',
        ...req,
      });
    const balance = (workspaceId: string) => rpc.call(BillingRpc.balance, { workspace_id: workspaceId });
    const buy = (workspaceId: string, size: DecisionPackSize, key?: string) =>
      rpc.call(BillingRpc.purchasePack, {
        workspace_id: workspaceId,
        size,
        ...(key ? { idempotency_key: key } : {}),
      });
    const refundPack = (workspaceId: string, packId: string) =>
      rpc.call(BillingRpc.refundPack, { workspace_id: workspaceId, pack_id: packId });
    const at = (iso: string | number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(iso));

    it('should let exactly N of 3N concurrent debits through when the balance is N', async () => {
      const ws = randomUUID();
      await buy(ws, 20);
      const results = await Promise.allSettled(Array.from({ length: 60 }, () => debit({ workspace_id: ws })));
      const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
      expect(ok).toHaveLength(20);
      expect(ok.map((r) => r.balance).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(failed).toHaveLength(40);
      for (const err of failed) {
        expect(err).toBeInstanceOf(AppError);
        expect(err.error).toBe('insufficient_decisions');
        expect(err.extras).toMatchObject({ required: 1, balance: 0 });
      }
      expect(await balance(ws)).toMatchObject({ decisions: 0, lead_credits: 0 });
    });

    it('should charge once and return the first result when a debit is replayed with its request id', async () => {
      const ws = randomUUID();
      await buy(ws, 5);
      const requestId = `req-${randomUUID()}`;
      const replies = await Promise.all(
        Array.from({ length: 5 }, () => debit({ workspace_id: ws, request_id: requestId, amount: 2 })),
      );
      expect(new Set(replies.map((r) => r.entry_id)).size).toBe(1);
      expect(replies.every((r) => r.balance === 3)).toBe(true);
      expect(await debit({ workspace_id: ws, request_id: requestId, amount: 2 })).toEqual(replies[0]);
      expect(await balance(ws)).toMatchObject({ decisions: 3, lead_credits: 0 });
      const conflict = await rejection(debit({ workspace_id: ws, request_id: requestId, amount: 3 }));
      expect(conflict.error).toBe('idempotency_key_reused');
    });

    it('should give 402 with required and balance when the balance is short', async () => {
      const ws = randomUUID();
      await buy(ws, 5);
      const err = await rejection(debit({ workspace_id: ws, amount: 6 }));
      expect(err.error).toBe('insufficient_decisions');
      expect(err.extras).toMatchObject({ required: 6, balance: 5 });
      expect(await balance(ws)).toMatchObject({ decisions: 5, lead_credits: 0 });
    });

    it('should refund a debit once when the refund is asked for twice', async () => {
      const ws = randomUUID();
      await buy(ws, 5);
      const charged = await debit({ workspace_id: ws, amount: 2 });
      const refunds = await Promise.all(
        Array.from({ length: 4 }, () =>
          rpc.call(BillingRpc.refund, {
            debit_entry_id: charged.entry_id,
            request_id: randomUUID(),
          }),
        ),
      );
      expect(new Set(refunds.map((r) => r.entry_id)).size).toBe(1);
      expect(refunds.every((r) => r.balance === 5)).toBe(true);
      expect(await balance(ws)).toMatchObject({ decisions: 5, lead_credits: 0 });
      const missing = await rejection(
        rpc.call(BillingRpc.refund, { debit_entry_id: randomUUID(), request_id: randomUUID() }),
      );
      expect(missing.error).toBe('not_found');
    });

    it('should make one purchase when 10 purchases share one idempotency key', async () => {
      const ws = randomUUID();
      const key = `key-${randomUUID()}`;
      const packs = await Promise.all(Array.from({ length: 10 }, () => buy(ws, 20, key)));
      expect(new Set(packs.map((p) => p.id)).size).toBe(1);
      expect(packs.every((p) => p.balance === 20 && p.size === 20)).toBe(true);
      expect(await balance(ws)).toMatchObject({ decisions: 20, lead_credits: 0 });
      const [{ count }] = await dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM billing.packs WHERE workspace_id = $1`,
        [ws],
      );
      expect(count).toBe(1);
      const conflict = await rejection(buy(ws, 5, key));
      expect(conflict.error).toBe('idempotency_key_reused');
    });

    it('should refund the unused part just inside 24 hours and refuse just past', async () => {
      const ws = randomUUID();
      const t0 = Date.parse('2026-03-01T08:00:00.000Z');
      at(t0);
      const inside = await buy(ws, 5);
      const outside = await buy(ws, 20);
      expect(inside.refundable_until).toBe(new Date(t0 + DAY_MS).toISOString());
      await debit({ workspace_id: ws, amount: 2 }); // oldest first: from the 5-pack
      at(t0 + DAY_MS + 1);
      const late = await rejection(refundPack(ws, outside.id));
      expect(late.error).toBe('conflict');
      at(t0 + DAY_MS);
      const refunded = await refundPack(ws, inside.id);
      expect(refunded).toMatchObject({ id: inside.id, refunded_decisions: 3, balance: 20 });
      expect(refunded.refunded_at).toBe(new Date(t0 + DAY_MS).toISOString());
      const again = await rejection(refundPack(ws, inside.id));
      expect(again.error).toBe('conflict');
      expect(await balance(ws)).toMatchObject({ decisions: 20, lead_credits: 0 });
    });

    it('should refund a newer pack whole when an older pack is partly used', async () => {
      const ws = randomUUID();
      await buy(ws, 5);
      const newer = await buy(ws, 20);
      await debit({ workspace_id: ws, amount: 7 }); // 5 from the older pack, 2 from the newer
      expect(await refundPack(ws, newer.id)).toMatchObject({ refunded_decisions: 18, balance: 0 });
    });

    it('should not find the pack when another workspace asks for its refund', async () => {
      const pack = await buy(randomUUID(), 5);
      expect((await rejection(refundPack(randomUUID(), pack.id))).error).toBe('not_found');
      expect((await rejection(refundPack(randomUUID(), 'not-a-uuid'))).error).toBe('not_found');
    });

    it('should grant a broker workspace its allowance and monthly lead credits once and a developer workspace none', async () => {
      const stream = service.app.get<EventStream>(EVENT_STREAM);
      const broker = randomUUID();
      const developer = randomUUID();
      const created = (workspaceId: string, kind: 'broker' | 'developer'): WorkspaceCreatedPayload => ({
        workspace_id: workspaceId,
        kind,
        broker_kind: kind === 'broker' ? 'company' : null,
        created_at: new Date().toISOString(),
      });
      // Two distinct events for one workspace (a replayed outbox row): the ledger key keeps it to one grant.
      for (const payload of [created(broker, 'broker'), created(broker, 'broker'), created(developer, 'developer')]) {
        await stream.publish({
          id: randomUUID(),
          subject: IDENTITY_WORKSPACE_CREATED,
          occurred_at: new Date().toISOString(),
          payload,
        });
      }
      const deadline = Date.now() + 15_000;
      const granted = async () => {
        const current = await balance(broker);
        return current.decisions > 0 && current.lead_credits > 0;
      };
      while (!(await granted()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await balance(broker)).toMatchObject({ decisions: 10, lead_credits: 20 });
      expect(await balance(developer)).toMatchObject({ decisions: 0, lead_credits: 0 });
      const entries = await dataSource.query<{ idempotency_key: string }[]>(
        `SELECT idempotency_key FROM billing.ledger_entries WHERE workspace_id = $1 ORDER BY idempotency_key`,
        [broker],
      );
      const period = new Date().toISOString().slice(0, 7);
      expect(entries).toEqual([{ idempotency_key: `plan:${period}` }, { idempotency_key: `welcome:${broker}` }]);

      // A new month: replicas (and restarts) running the scheduler at once grant it once.
      const plans = service.app.get(PlansService);
      at('2099-05-01T00:00:05.000Z');
      await Promise.all([plans.grantCurrentPeriod(), plans.grantCurrentPeriod(), plans.grantCurrentPeriod()]);
      await plans.grantCurrentPeriod();
      expect(await balance(broker)).toMatchObject({ decisions: 10, lead_credits: 40 });
      expect(await balance(developer)).toMatchObject({ lead_credits: 0 });
    });

    it('should emit billing.balance.low.v1 once per downward crossing when concurrent debits drain the balance', async () => {
      const ws = randomUUID();
      await buy(ws, 20);
      await rpc.call(BillingRpc.setLowBalanceThreshold, { workspace_id: ws, asset: 'decisions', threshold: 5 });
      const lows = () =>
        dataSource.query<{ payload: { balance: number; threshold: number; asset: string } }[]>(
          `SELECT payload FROM billing.outbox WHERE subject = $1 AND payload->>'workspace_id' = $2`,
          [BILLING_BALANCE_LOW, ws],
        );
      await Promise.allSettled(Array.from({ length: 30 }, () => debit({ workspace_id: ws })));
      expect((await lows()).map((row) => row.payload)).toEqual([
        expect.objectContaining({ asset: 'decisions', balance: 4, threshold: 5 }),
      ]);
      // Back above the threshold, then below again: a second crossing, a second event.
      await buy(ws, 5);
      await debit({ workspace_id: ws, amount: 2 });
      expect(await lows()).toHaveLength(2);
      expect(await balance(ws)).toEqual({
        decisions: 3,
        lead_credits: 0,
        low_balance_threshold: { decisions: 5, lead_credits: 3 },
      });
    });

    it('should refuse to update or delete a ledger entry', async () => {
      const ws = randomUUID();
      await buy(ws, 5);
      await expect(
        dataSource.query(`UPDATE billing.ledger_entries SET amount = 99 WHERE workspace_id = $1`, [ws]),
      ).rejects.toThrow(/append-only/);
      await expect(
        dataSource.query(`DELETE FROM billing.ledger_entries WHERE workspace_id = $1`, [ws]),
      ).rejects.toThrow(/append-only/);
    });
  });

  describe('REST in the gateway', () => {
    let platform: Platform;

    beforeAll(async () => {
      platform = await sharedPlatform();
    });

    afterEach(async () => {
      const drift = await withClient(platform.databaseUrl, async (client) =>
        ledgerDrift(async (sql) => (await client.query<Drift>(sql)).rows),
      );
      expect(drift).toEqual([]);
    });

    afterAll(() => platform?.close());

    const api = () => request(platform.baseUrl);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    async function team() {
      const workspace = await createWorkspace(platform);
      const [owner, admin, agent] = await Promise.all([
        createMember(platform, { workspaceId: workspace.id, role: 'owner' }),
        createMember(platform, { workspaceId: workspace.id, role: 'admin' }),
        createMember(platform, { workspaceId: workspace.id, role: 'agent' }),
      ]);
      return { workspaceId: workspace.id, owner, admin, agent };
    }

    it('should buy, list and refund a pack when the owner asks, and 403 an agent', async () => {
      const { owner, admin, agent, workspaceId } = await team();
      await api()
        .get('/v1/workspace/balance')
        .set(bearer(owner.token))
        .expect(200, {
          object: 'balance',
          decisions: 0,
          lead_credits: 0,
          low_balance_threshold: { decisions: 3, lead_credits: 3 },
        });
      await api().get('/v1/workspace/balance').set(bearer(admin.token)).expect(200);
      const bought = await api()
        .post('/v1/workspace/decision-packs')
        .set(bearer(owner.token))
        .set('Idempotency-Key', `k-${randomUUID()}`)
        .send({ size: 20 })
        .expect(201);
      expect(bought.body).toMatchObject({
        object: 'decision_pack',
        id: expect.stringMatching(UUID),
        size: 20,
        balance: 20,
      });
      expect(Date.parse(bought.body.refundable_until) - Date.parse(bought.body.purchased_at)).toBe(DAY_MS);

      const key = createApiKey(platform, workspaceId, owner.accountId);
      await api()
        .get('/v1/workspace/balance')
        .set(bearer(await key))
        .expect(200);
      await api().get('/v1/workspace/balance').set(bearer(agent.token)).expect(403);
      await api().post('/v1/workspace/decision-packs').set(bearer(agent.token)).send({ size: 5 }).expect(403);
      await api().post('/v1/workspace/decision-packs').set(bearer(owner.token)).send({ size: 7 }).expect(422);

      const ledger = await api().get('/v1/workspace/ledger?limit=1&offset=0').set(bearer(owner.token)).expect(200);
      expect(ledger.body).toMatchObject({ object: 'list', limit: 1, offset: 0, has_more: false });
      expect(ledger.body.data[0]).toMatchObject({ object: 'ledger_entry', amount: 20, reason: 'pack_purchase' });

      const other = await team();
      await api()
        .post(`/v1/workspace/decision-packs/${bought.body.id}/refund`)
        .set(bearer(other.owner.token))
        .expect(404);
      const refunded = await api()
        .post(`/v1/workspace/decision-packs/${bought.body.id}/refund`)
        .set(bearer(owner.token))
        .expect(200);
      expect(refunded.body).toMatchObject({ id: bought.body.id, refunded_decisions: 20, balance: 0 });
      const page = await api().get('/v1/workspace/ledger').set(bearer(owner.token)).expect(200);
      expect(page.body.data.map((e: { amount: number }) => e.amount)).toEqual([-20, 20]);
    });

    it('should let an admin read the balance, ledger and lead credits but answer 403 forbidden when an admin buys or refunds (spec 5.7)', async () => {
      const { owner, admin, workspaceId } = await team();
      const key = await createApiKey(platform, workspaceId, owner.accountId);
      // The key acts as the owner: it buys.
      const bought = await api().post('/v1/workspace/decision-packs').set(bearer(key)).send({ size: 5 }).expect(201);
      await api().post('/v1/workspace/lead-credits').set(bearer(key)).send({ quantity: 2 }).expect(201);

      const balance = await api().get('/v1/workspace/balance').set(bearer(admin.token)).expect(200);
      expect(balance.body).toMatchObject({ decisions: 5, lead_credits: 2 });
      const ledger = await api().get('/v1/workspace/ledger').set(bearer(admin.token)).expect(200);
      expect(ledger.body.data.map((e: { amount: number }) => e.amount).sort()).toEqual([2, 5]);

      for (const call of [
        api().post('/v1/workspace/decision-packs').send({ size: 5 }),
        api().post('/v1/workspace/lead-credits').send({ quantity: 1 }),
        api().post(`/v1/workspace/decision-packs/${bought.body.id}/refund`),
      ]) {
        const res = await call.set(bearer(admin.token)).expect(403);
        expect(res.body).toMatchObject({ error: 'forbidden', code: 'FORBIDDEN' });
        expect(res.body.message).toContain('billing:manage');
      }
      // Nothing was bought or refunded by the admin.
      await api()
        .get('/v1/workspace/balance')
        .set(bearer(owner.token))
        .expect(200)
        .expect((res) => expect(res.body).toMatchObject({ decisions: 5, lead_credits: 2 }));
    });

    it('should set a low-balance threshold when an admin asks, and 403 an agent', async () => {
      const { admin, agent } = await team();
      const res = await api()
        .put('/v1/workspace/balance/low-balance-threshold')
        .set(bearer(admin.token))
        .send({ asset: 'lead_credits', threshold: 0 })
        .expect(200);
      expect(res.body).toEqual({
        object: 'balance',
        decisions: 0,
        lead_credits: 0,
        low_balance_threshold: { decisions: 3, lead_credits: 0 },
      });
      await api()
        .put('/v1/workspace/balance/low-balance-threshold')
        .set(bearer(agent.token))
        .send({ asset: 'decisions', threshold: 1 })
        .expect(403);
      await api()
        .put('/v1/workspace/balance/low-balance-threshold')
        .set(bearer(admin.token))
        .send({ asset: 'decisions', threshold: -1 })
        .expect(422);
    });

    it('should make one purchase when 10 requests share one Idempotency-Key', async () => {
      const { owner } = await team();
      const key = `k-${randomUUID()}`;
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          api()
            .post('/v1/workspace/decision-packs')
            .set(bearer(owner.token))
            .set('Idempotency-Key', key)
            .send({ size: 5 }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(new Set(responses.map((r) => r.body.id as string)).size).toBe(1);
      await api()
        .get('/v1/workspace/balance')
        .set(bearer(owner.token))
        .expect(200, {
          object: 'balance',
          decisions: 5,
          lead_credits: 0,
          low_balance_threshold: { decisions: 3, lead_credits: 3 },
        });
    });

    it('should grant the free allowance and the default plan lead credits when a broker signs up', async () => {
      const email = `broker.${randomBytes(4).toString('hex')}@example.com`;
      const password = 'a-long-password-1';
      await api()
        .post('/v1/accounts')
        .send({ email, password, name: 'Layla', role: 'broker', broker_kind: 'individual' })
        .expect(201);
      const login = await api().post('/v1/auth/login').send({ email, password }).expect(200);
      const token = login.body.access_token as string;
      const deadline = Date.now() + 15_000;
      let body: Record<string, unknown> = {};
      while (Date.now() < deadline) {
        body = (await api().get('/v1/workspace/balance').set(bearer(token)).expect(200)).body as Record<
          string,
          unknown
        >;
        if (body.decisions !== 0 && body.lead_credits !== 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(body).toMatchObject({ object: 'balance', decisions: 10, lead_credits: 20 });
    });
  });
});
