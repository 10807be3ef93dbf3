import { randomUUID } from 'node:crypto';
import { rpcDeadlineMs, DecisionsRpc } from '@app/contracts';
import { createApiKey, createMember } from '../harness/identity-fixtures';
import { withClient } from '../harness/databases';
import { startContractProxy } from '../harness/contract-proxy';
import type { ContractProxy } from '../harness/contract-proxy';
import { eventually } from '../harness/eventually';
import { describeDistributed } from '../harness/mode';
import { natsServerAvailable, startOwnNatsServer } from '../harness/nats-server';
import type { OwnNatsServer } from '../harness/nats-server';
import { startPlatform } from '../harness/platform';
import type { Platform, Replica } from '../harness/platform';
import { startRoundRobinProxy } from '../harness/round-robin-proxy';
import type { RoundRobinProxy } from '../harness/round-robin-proxy';

/**
 * Replicas under failure, with real processes: two gateways behind a round-robin proxy (and
 * the contract-checking proxy in front of it), two decision and two billing processes, one of
 * each other app, all on a NATS server of this test's own (so restarting it disturbs no other
 * run). Each case runs a steady load of POST /v1/decisions, every request with its own
 * Idempotency-Key, and prints its figures.
 */
const WORKERS = 6;
/** Far beyond the RPC deadline: a request still unanswered after this is a hang. */
const HANG_MS = 30_000;
/** The decision service abandons (and refunds) a claim this old; short here, 120 s by default. */
const CLAIM_STALE_S = 6;
/** The gateway's deadline for a decision without reasoning: the table's, as shipped (no RPC_TIMEOUT_MS). */
const DECISION_DEADLINE_MS = rpcDeadlineMs(DecisionsRpc.create.pattern);
/**
 * Between the gateway's deadline and the client's answer: the two proxies, the gateway's own
 * work before and after the call, on a shared 2-core machine. A bound on behaviour (no request
 * waits past its deadline), not on speed.
 */
const ANSWER_MARGIN_MS = 3_000;

const DECISION_BODY = {
  property: { type: 'apartment', price: 1_200_000, area: 150, bedrooms: 3 },
  location: { city: 'Riyadh', district: 'Al Olaya' },
  reasoning: false,
};

interface Outcome {
  key: string;
  status: number | 'hang' | 'network';
  body: { id?: string; error?: string; code?: string; message?: string } | null;
  startedAt: number;
  endedAt: number;
}

/** Loads still running: a case that fails half-way must not leave its load on the next case. */
const runningLoads = new Set<{ stop(): Promise<unknown> }>();

/** Workers each sending one decision after another until stopped. */
function startLoad(baseUrl: string, apiKey: string, workers = WORKERS) {
  const outcomes: Outcome[] = [];
  let running = true;
  const worker = async () => {
    while (running) outcomes.push(await decide(baseUrl, apiKey, randomUUID()));
  };
  const started = Date.now();
  const all = Promise.all(Array.from({ length: workers }, worker));
  const load = {
    outcomes,
    stop: async () => {
      running = false;
      runningLoads.delete(load);
      await all;
      return { outcomes, seconds: (Date.now() - started) / 1000 };
    },
  };
  runningLoads.add(load);
  return load;
}

async function decide(baseUrl: string, apiKey: string, key: string): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const res = await fetch(`${baseUrl}/v1/decisions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(DECISION_BODY),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await res.text();
    return {
      key,
      status: res.status,
      body: text ? (JSON.parse(text) as Outcome['body']) : null,
      startedAt,
      endedAt: Date.now(),
    };
  } catch (err) {
    const hang = err instanceof Error && err.name === 'TimeoutError';
    return { key, status: hang ? 'hang' : 'network', body: null, startedAt, endedAt: Date.now() };
  }
}

/** Requests, rate, statuses and the slowest answer of a run, as printed in the report. */
function figures(name: string, run: { outcomes: Outcome[]; seconds: number }) {
  const statuses: Record<string, number> = {};
  for (const o of run.outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  const failed = run.outcomes.filter((o) => o.status !== 200);
  const summary = {
    case: name,
    requests: run.outcomes.length,
    seconds: Math.round(run.seconds * 10) / 10,
    rps: Math.round((run.outcomes.length / run.seconds) * 10) / 10,
    statuses,
    failed: failed.length,
    slowest_failure_ms: Math.max(0, ...failed.map((o) => o.endedAt - o.startedAt)),
    slowest_ms: Math.max(0, ...run.outcomes.map((o) => o.endedAt - o.startedAt)),
    failures: countBy(failed.map((o) => `${o.status} ${o.body?.error ?? ''}: ${o.body?.message ?? ''}`)),
  };
  process.stdout.write(`replicas: ${JSON.stringify(summary)}\n`);
  return summary;
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits poll every 250 ms: each read here is a real request or a ledger query. */
const POLL_MS = 250;

describeDistributed('replicas under failure', () => {
  let nats: OwnNatsServer;
  let platform: Platform;
  let balancer: RoundRobinProxy;
  let checked: ContractProxy;
  let replicas: { gateway: Replica; decision: Replica; billing: Replica };
  let apiKey: string;
  let workspaceId: string;
  /** Every decision the client saw answered 200, by id. */
  const answered = new Set<string>();

  beforeAll(async () => {
    if (!natsServerAvailable()) throw new Error('nats-server is not installed (E2E_NATS_SERVER)');
    nats = await startOwnNatsServer();
    platform = await startPlatform({
      natsUrl: nats.url,
      // RPC_TIMEOUT_MS unset: the drill holds the per-pattern deadlines the platform ships with.
      env: { DEMO_TRANSACTIONS: 'true', DECISION_CLAIM_STALE_S: String(CLAIM_STALE_S), RPC_TIMEOUT_MS: '' },
    });
    replicas = {
      gateway: await platform.startReplica('gateway'),
      decision: await platform.startReplica('decision'),
      billing: await platform.startReplica('billing'),
    };
    balancer = await startRoundRobinProxy([platform.gatewayUrl, replicas.gateway.url]);
    checked = await startContractProxy(balancer.url);
    const owner = await createMember(platform, { role: 'owner' });
    workspaceId = owner.workspaceId;
    apiKey = await createApiKey(platform, workspaceId, owner.accountId);
    await topUp(platform.databaseUrl, workspaceId, 1_000_000);
  }, 240_000);

  afterEach(async () => {
    await Promise.all([...runningLoads].map((load) => load.stop()));
  });

  afterAll(async () => {
    await checked?.close();
    await balancer?.close();
    await platform?.close();
    await nats?.close();
    if (checked?.checker.violations.length)
      throw new Error(`Responses that contradict the OpenAPI document:\n${checked.checker.report()}`);
  }, 120_000);

  /**
   * What a client and the kubelet see with NATS down: every readiness probe, the gateway's
   * dependencies, a route that needs a service (locations) and one the gateway serves alone (login).
   */
  async function whileNatsIsDown() {
    const statusOf = (url: string) =>
      fetch(url, { signal: AbortSignal.timeout(HANG_MS) }).then(
        (r) => r.status,
        () => 0,
      );
    const readiness = [platform.gatewayUrl, replicas.gateway.url].map((url) => `${url}/v1/health/ready`);
    for (const app of ['decision', 'billing'] as const) {
      readiness.push(`${platform.instance(app).url}/health/ready`, `${replicas[app].url}/health/ready`);
    }
    const member = await createMember(platform, { workspaceId, role: 'agent' });
    const answer = async (path: string, init?: RequestInit) => {
      const res = await fetch(`${checked.url}${path}`, { ...init, signal: AbortSignal.timeout(HANG_MS) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    return {
      ready: await Promise.all(readiness.map(statusOf)),
      gatewayDependencies: await answer('/v1/health/dependencies'),
      locations: await answer('/v1/locations?city=Riyadh', { headers: { authorization: `Bearer ${apiKey}` } }),
      login: (
        await answer('/v1/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: member.email, password: member.password }),
        })
      ).status,
    };
  }

  /** Records the ids answered, so the ledger can be held against what clients received. */
  const keep = (outcomes: Outcome[]) => {
    for (const o of outcomes) if (o.status === 200 && o.body?.id) answered.add(o.body.id);
  };

  it('should fail only the requests in flight on a SIGKILLed decision replica, in the 503 contract shape, within the decision deadline', async () => {
    const load = startLoad(checked.url, apiKey);
    await pause(4_000);
    const killedAt = Date.now();
    await replicas.decision.stop('SIGKILL');
    const exitedAt = Date.now();
    await pause(6_000);
    const run = await load.stop();
    keep(run.outcomes);
    const summary = figures('decision replica SIGKILL', run);

    const failed = run.outcomes.filter((o) => o.status !== 200);
    for (const o of failed) {
      expect(o.status).toBe(503);
      expect(o.body).toMatchObject({ error: 'service_unavailable', code: 'SERVICE_UNAVAILABLE' });
      // The request the dead replica held is answered at the pattern's deadline, not later.
      expect(o.endedAt - o.startedAt).toBeLessThan(DECISION_DEADLINE_MS + ANSWER_MARGIN_MS);
    }
    // At most one request per worker can have been in flight on the replica when it died,
    // and every request sent after it died went to its twin.
    expect(failed.length).toBeLessThanOrEqual(WORKERS);
    process.stdout.write(
      `replicas: SIGKILL failures started before the kill ${failed.filter((o) => o.startedAt <= killedAt).length}, ` +
        `between the signal and the exit ${failed.filter((o) => o.startedAt > killedAt && o.startedAt <= exitedAt).length}, ` +
        `after the exit ${failed.filter((o) => o.startedAt > exitedAt).length}\n`,
    );
    expect(summary.requests - failed.length).toBeGreaterThan(0);

    await replicas.decision.start();
    await retryFailed(failed);
    await expectLedgerMatchesAnswers();
  });

  it('should lose no request in a rolling restart (SIGTERM one replica at a time)', async () => {
    const load = startLoad(checked.url, apiKey);
    await pause(2_000);
    const steps: [string, () => Promise<void>, () => Promise<void>][] = [
      ['gateway', () => platform.stopApp('gateway'), () => platform.startApp('gateway')],
      ['gateway replica', () => replicas.gateway.stop(), () => replicas.gateway.start()],
      ['decision', () => platform.stopApp('decision'), () => platform.startApp('decision')],
      ['decision replica', () => replicas.decision.stop(), () => replicas.decision.start()],
      ['billing', () => platform.stopApp('billing'), () => platform.startApp('billing')],
      ['billing replica', () => replicas.billing.stop(), () => replicas.billing.start()],
    ];
    const windows: { step: string; from: number; to: number }[] = [];
    for (const [step, stop, start] of steps) {
      const from = Date.now();
      await stop();
      await start();
      windows.push({ step, from, to: Date.now() });
      await pause(1_000);
    }
    const run = await load.stop();
    keep(run.outcomes);
    const summary = figures('rolling restart', run);
    const failedIn = windows.map(({ step, from, to }) => [
      step,
      run.outcomes.filter((o) => o.status !== 200 && o.endedAt >= from && o.startedAt <= to).length,
    ]);
    process.stdout.write(
      `replicas: rolling restart failures by step ${JSON.stringify(Object.fromEntries(failedIn))}\n`,
    );

    expect(summary.statuses).toEqual({ '200': summary.requests });
    await expectLedgerMatchesAnswers();
  }, 180_000); // six processes restarted one after another, each waited ready: over 60 s on a busy 2-core runner

  it('should answer 503 fast while NATS is down, recover by itself, and lose or repeat no event', async () => {
    const signUps = startSignUps(checked.url);
    const load = startLoad(checked.url, apiKey);
    await pause(3_000);
    await nats.stop();
    const downAt = Date.now();
    // Every pod stays ready: a route needing a service answers the contract's 503, a gateway-only
    // route (login) still works, and only the dependencies path reports NATS down.
    await pause(2_000);
    const outage = await whileNatsIsDown();
    await pause(Math.max(0, 8_000 - (Date.now() - downAt)));
    const upAt = Date.now();
    await nats.start();
    // Recovered by itself: a decision is answered again, with no process restarted.
    const back = await eventually(
      () => decide(checked.url, apiKey, randomUUID()),
      (r) => r.status === 200,
      60_000,
      POLL_MS,
    );
    keep([back]);
    expect(back.status).toBe(200);
    const recoveredMs = Date.now() - upAt;
    await pause(3_000);
    const run = await load.stop();
    const accounts = await signUps.stop();
    keep(run.outcomes);
    figures('NATS restart', run);
    process.stdout.write(
      `replicas: ${JSON.stringify({ case: 'NATS restart', nats_down_s: (upAt - downAt) / 1000, recovered_after_ms: recoveredMs, sign_ups: accounts.statuses })}\n`,
    );

    expect(outage.ready).toEqual(outage.ready.map(() => 200));
    expect(outage.gatewayDependencies).toMatchObject({ status: 503, body: { error: 'service_unavailable' } });
    expect(outage.locations).toMatchObject({
      status: 503,
      body: { error: 'service_unavailable', code: 'SERVICE_UNAVAILABLE' },
    });
    expect(outage.login).toBe(200);
    const duringOutage = run.outcomes.filter((o) => o.startedAt >= downAt + 500 && o.endedAt <= upAt);
    expect(duringOutage.length).toBeGreaterThan(0);
    for (const o of run.outcomes.filter((x) => x.status !== 200)) {
      expect(o.status).toBe(503);
      expect(o.body).toMatchObject({ error: 'service_unavailable' });
      // Fails fast: the decision deadline and a margin, never a hang.
      expect(o.endedAt - o.startedAt).toBeLessThan(DECISION_DEADLINE_MS + ANSWER_MARGIN_MS);
    }

    // Every workspace made while NATS was down or back got exactly one welcome grant, from
    // exactly one handled event: none lost, none handled twice.
    const events = await eventually(
      () => workspaceEvents(platform.databaseUrl),
      (e) => e.unpublished === 0 && e.created === e.handled,
      60_000,
      POLL_MS,
    );
    expect(accounts.created).toBeGreaterThan(0);
    expect(events).toMatchObject({
      unpublished: 0,
      handled: events.created,
      grantedOnce: events.created,
      grantedTwice: 0,
    });
    await retryFailed(run.outcomes.filter((o) => o.status !== 200));
    await expectLedgerMatchesAnswers();
  });

  it('should stay ready while PostgreSQL drops its connections, report it as a dependency down, and restart nothing', async () => {
    const processes = [
      `${platform.gatewayUrl}/v1/health`,
      `${replicas.gateway.url}/v1/health`,
      `${platform.instance('decision').url}/health`,
      `${replicas.decision.url}/health`,
      `${platform.instance('billing').url}/health`,
      `${replicas.billing.url}/health`,
    ];
    const probes = processes.map((url) => `${url}/dependencies`);
    const readiness = processes.map((url) => `${url}/ready`);
    const pids = [platform.instance('gateway').pid, replicas.gateway.pid, platform.instance('decision').pid];
    const load = startLoad(checked.url, apiKey, 2);
    await pause(2_000);

    // A database that takes no connection, and every connection to it ended (this test's own database only).
    const database = new URL(platform.databaseUrl).pathname.slice(1);
    await withClient(adminUrl(), async (client) => {
      await client.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [database]);
    });
    const unready = await eventually(
      () => Promise.all(probes.map(ready)),
      (states) => states.every((s) => !s),
      30_000,
      POLL_MS,
    );
    const readyDuringOutage = await Promise.all(readiness.map(ready));
    await withClient(adminUrl(), (client) => client.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`));
    const readyAgain = await eventually(
      () => Promise.all(probes.map(ready)),
      (states) => states.every(Boolean),
      60_000,
      POLL_MS,
    );
    await pause(2_000);
    const run = await load.stop();
    keep(run.outcomes);
    figures('PostgreSQL connections dropped', run);

    expect(unready).toEqual(probes.map(() => false));
    expect(readyDuringOutage).toEqual(readiness.map(() => true));
    expect(readyAgain).toEqual(probes.map(() => true));
    expect([platform.instance('gateway').pid, replicas.gateway.pid, platform.instance('decision').pid]).toEqual(pids);
    const after = await decide(checked.url, apiKey, randomUUID());
    expect(after.status).toBe(200);
    keep([after]);
    await retryFailed(run.outcomes.filter((o) => o.status !== 200));
    await expectLedgerMatchesAnswers();
  });

  /**
   * A client retries its failed requests with the same key: once the claims of requests that
   * died are abandoned (and their debits refunded), each is answered, or replayed if its answer
   * had been stored before the reply was lost.
   */
  async function retryFailed(failed: Outcome[]): Promise<void> {
    await pause(CLAIM_STALE_S * 1000 + 3_000);
    const queue = [...failed];
    const statuses: Record<string, number> = {};
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        for (let o = queue.shift(); o; o = queue.shift()) {
          const key = o.key;
          const retried = await eventually(
            () => decide(checked.url, apiKey, key),
            (r) => r.status !== 409,
            30_000,
            POLL_MS,
          );
          statuses[retried.status] = (statuses[retried.status] ?? 0) + 1;
          keep([retried]);
        }
      }),
    );
    process.stdout.write(
      `replicas: retried ${failed.length} failed requests with their keys: ${JSON.stringify(statuses)}\n`,
    );
    expect(statuses).toEqual(failed.length > 0 ? { '200': failed.length } : {});
  }

  /**
   * No decision charged without being answered or refunded: every debit not refunded is a
   * stored decision the client was answered, and every answer has exactly one such debit.
   */
  async function expectLedgerMatchesAnswers(): Promise<void> {
    const state = await eventually(
      () => ledgerState(platform.databaseUrl, workspaceId),
      (s) => s.pending === 0,
      CLAIM_STALE_S * 1000 + 30_000,
      POLL_MS,
    );
    process.stdout.write(
      `replicas: ledger ${JSON.stringify({ debits: state.debits, refunded: state.refunded, answered: answered.size, stored: state.done.length })}\n`,
    );
    expect(state.pending).toBe(0);
    expect([...state.charged].sort()).toEqual([...answered].sort());
    expect(state.done.sort()).toEqual([...answered].sort());
    expect(state.chargedTwice).toEqual([]);
  }
});

function adminUrl(): string {
  return process.env.E2E_PG_ADMIN_URL as string;
}

async function ready(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.status === 200,
    () => false,
  );
}

/** Decisions to spend, credited straight into billing's ledger (the load spends thousands). */
async function topUp(databaseUrl: string, workspaceId: string, amount: number): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    const balance = await client.query<{ amount: number }>(
      `INSERT INTO billing.balances (workspace_id, asset, amount) VALUES ($1, 'decisions', $2)
       ON CONFLICT (workspace_id, asset) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount`,
      [workspaceId, amount],
    );
    await client.query(
      `INSERT INTO billing.ledger_entries (workspace_id, asset, amount, reason, idempotency_key, balance_after)
       VALUES ($1, 'decisions', $2, 'welcome', $3, $4)`,
      [workspaceId, amount, `e2e-top-up:${randomUUID()}`, balance.rows[0].amount],
    );
    await client.query('COMMIT');
  });
}

async function ledgerState(databaseUrl: string, workspaceId: string) {
  return withClient(databaseUrl, async (client) => {
    const debits = await client.query<{ reference: string; refunded: boolean }>(
      `SELECT d.reference, EXISTS (SELECT 1 FROM billing.ledger_entries r WHERE r.reverses_entry_id = d.id) AS refunded
         FROM billing.ledger_entries d WHERE d.workspace_id = $1 AND d.reason = 'debit'`,
      [workspaceId],
    );
    const decisions = await client.query<{ id: string; status: string }>(
      `SELECT id, status FROM decision.decisions WHERE workspace_id = $1`,
      [workspaceId],
    );
    const kept = debits.rows.filter((d) => !d.refunded).map((d) => d.reference.replace(/^decision:/, ''));
    return {
      debits: debits.rows.length,
      refunded: debits.rows.filter((d) => d.refunded).length,
      charged: new Set(kept),
      chargedTwice: kept.filter((id, i) => kept.indexOf(id) !== i),
      done: decisions.rows.filter((d) => d.status === 'done').map((d) => d.id),
      pending: decisions.rows.filter((d) => d.status !== 'done').length,
    };
  });
}

/** Brokers signing up one after another: each makes a workspace, whose event billing answers with a welcome grant. */
function startSignUps(baseUrl: string) {
  const statuses: Record<string, number> = {};
  let created = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const res = await fetch(`${baseUrl}/v1/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `replica-${randomUUID()}@example.com`,
          password: 'a-long-password-2025',
          name: 'خالد الشمري',
          role: 'broker',
          broker_kind: 'individual',
        }),
        signal: AbortSignal.timeout(HANG_MS),
      }).catch(() => undefined);
      const status = res?.status ?? 'network';
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (res?.status === 201) created++;
      await pause(300);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { statuses, created };
    },
  };
}

/** Workspace-created events: written, published, handled by billing's welcome grant, and its grants. */
async function workspaceEvents(databaseUrl: string) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{
      created: number;
      unpublished: number;
      handled: number;
      granted_once: number;
      granted_twice: number;
    }>(
      `WITH events AS (SELECT id, published_at, payload->>'workspace_id' AS workspace_id
                         FROM identity.outbox WHERE subject = 'identity.workspace.created.v1'),
            grants AS (SELECT workspace_id::text, count(*) AS n FROM billing.ledger_entries
                        WHERE reason = 'welcome' AND idempotency_key NOT LIKE 'e2e-top-up:%' GROUP BY workspace_id)
       SELECT count(*)::int AS created,
              count(*) FILTER (WHERE published_at IS NULL)::int AS unpublished,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM billing.processed_events p
                                             WHERE p.consumer = 'billing-welcome-grant' AND p.event_id = events.id))::int AS handled,
              count(*) FILTER (WHERE (SELECT n FROM grants g WHERE g.workspace_id = events.workspace_id) = 1)::int AS granted_once,
              count(*) FILTER (WHERE (SELECT n FROM grants g WHERE g.workspace_id = events.workspace_id) > 1)::int AS granted_twice
         FROM events`,
    );
    const r = rows[0];
    return {
      created: r.created,
      unpublished: r.unpublished,
      handled: r.handled,
      grantedOnce: r.granted_once,
      grantedTwice: r.granted_twice,
    };
  });
}
