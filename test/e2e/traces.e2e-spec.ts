import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { BILLING_BALANCE_LOW, BillingRpc, DecisionsRpc, PropertiesRpc } from '@app/contracts';
import { fundedWorkspace, balanceOf } from '../harness/billing-fixtures';
import { freshDatabase } from '../harness/databases';
import type { FreshDatabase } from '../harness/databases';
import { describeDistributed, describeStandalone } from '../harness/mode';
import { OtlpReceiver, SPAN_KIND } from '../harness/otlp-receiver';
import type { ReceivedSpan } from '../harness/otlp-receiver';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { freePort, run, waitForHttp200 } from '../harness/processes';
import type { RunningProcess } from '../harness/processes';

const STANDALONE_MAIN = path.join(__dirname, '..', '..', 'dist', 'apps', 'standalone', 'src', 'main.js');
/** Spans leave each process every 100 ms instead of 5 s, so the test does not wait on batches. */
const TRACING_ENV = (receiver: OtlpReceiver) => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
  OTEL_BSP_SCHEDULE_DELAY: '100',
});

/** The chain of parents from `span` up to the trace's root, `span` first. */
function ancestry(trace: ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const byId = new Map(trace.map((s) => [s.spanId, s]));
  const chain = [span];
  for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? ''))
    chain.push(parent);
  return chain;
}

function only(spans: ReceivedSpan[], what: string): ReceivedSpan {
  if (spans.length !== 1) throw new Error(`expected one ${what}, found ${spans.length}`);
  return spans[0];
}

describeDistributed('traces across the gateway, decision and billing', () => {
  const receiver = new OtlpReceiver();
  let platform: Platform;

  beforeAll(async () => {
    await receiver.start();
    platform = await startPlatform({ env: { ...TRACING_ENV(receiver), DEMO_TRANSACTIONS: 'true' } });
  });

  afterAll(async () => {
    await platform?.close();
    await receiver.close();
  });

  it('should follow one POST /v1/decisions from the gateway through decision and billing into the low-balance consumer in one trace', async () => {
    const { key } = await fundedWorkspace(platform, 5);
    const balance = await balanceOf(platform, key);
    // The debit crosses below the threshold, so billing writes billing.balance.low.v1 to its outbox.
    await request(platform.baseUrl)
      .put('/v1/workspace/balance/low-balance-threshold')
      .set('authorization', `Bearer ${key}`)
      .send({ asset: 'decisions', threshold: balance })
      .expect(200);

    const res = await request(platform.baseUrl)
      .post('/v1/decisions')
      .set('authorization', `Bearer ${key}`)
      .send({
        property: { type: 'apartment', price: 1_200_000, area: 150, bedrooms: 3 },
        location: { city: 'Riyadh', district: 'Al Olaya' },
        reasoning: false,
      })
      .expect(200);
    const requestId = String(res.headers['x-request-id']);

    const http = await receiver.waitFor(
      () =>
        receiver.spans.find(
          (s) =>
            s.service === 'gateway' && s.kind === SPAN_KIND.server && s.attributes['http.request.id'] === requestId,
        ),
      'gateway span of the request',
    );
    expect(http).toMatchObject({ name: 'POST /v1/decisions', parentSpanId: undefined });
    expect(http.attributes).toMatchObject({ 'http.route': '/v1/decisions', 'http.response.status_code': 200 });

    // The consumer is the last to finish, but each process exports its own batches on its own
    // timer: the decision and billing spans, and the gateway's spans of the consumer's recipients
    // look-up, may arrive after the consumer's. Wait for every process's part of the trace, and
    // for every span's parent: a span whose parent is still in another process's batch leads
    // nowhere yet.
    // The attribute names docs/tracing.md gives (the stable database semantic conventions).
    const isSql = (s: ReceivedSpan) => s.attributes['db.system.name'] === 'postgresql';
    const isServer = (service: string, pattern: string) => (s: ReceivedSpan) =>
      s.service === service && s.kind === SPAN_KIND.server && s.name === pattern;
    const consumer = await receiver.waitFor(() => {
      const spans = receiver.trace(http.traceId);
      const found = spans.find(
        (s) =>
          s.kind === SPAN_KIND.consumer &&
          s.attributes['messaging.consumer.group.name'] === 'notification-low-balance-notifications',
      );
      const everyPart =
        spans.some((s) => s.service === 'gateway' && isSql(s)) &&
        spans.some(isServer('decision', DecisionsRpc.create.pattern)) &&
        spans.some(isServer('billing', BillingRpc.debit.pattern)) &&
        spans.some((s) => s.service === 'billing' && isSql(s)) &&
        spans.some((s) => s.service === 'decision' && isSql(s)) &&
        spans.every((s) => ancestry(spans, s).at(-1) === http);
      return found && everyPart ? found : undefined;
    }, 'the low-balance consumer span, and the decision, billing and gateway parts of the trace');
    const trace = receiver.trace(http.traceId);
    const parentOf = (span: ReceivedSpan) => trace.find((s) => s.spanId === span.parentSpanId);

    const callDecision = only(
      trace.filter(
        (s) => s.service === 'gateway' && s.kind === SPAN_KIND.client && s.name === DecisionsRpc.create.pattern,
      ),
      'gateway → decision client span',
    );
    expect(ancestry(trace, callDecision)).toContain(http);
    expect(callDecision.attributes).toMatchObject({ 'rpc.system': 'nats', 'rpc.method': DecisionsRpc.create.pattern });

    const inDecision = only(
      trace.filter(
        (s) => s.service === 'decision' && s.kind === SPAN_KIND.server && s.name === DecisionsRpc.create.pattern,
      ),
      'decision server span',
    );
    expect(parentOf(inDecision)).toBe(callDecision);

    const callBilling = only(
      trace.filter(
        (s) => s.service === 'decision' && s.kind === SPAN_KIND.client && s.name === BillingRpc.debit.pattern,
      ),
      'decision → billing client span',
    );
    expect(ancestry(trace, callBilling)).toContain(inDecision);

    const inBilling = only(
      trace.filter(
        (s) => s.service === 'billing' && s.kind === SPAN_KIND.server && s.name === BillingRpc.debit.pattern,
      ),
      'billing server span',
    );
    expect(parentOf(inBilling)).toBe(callBilling);

    // SQL: the debit's statement in billing, and decision's own writes, each under its service's span.
    const sql = trace.filter(isSql);
    const billingSql = sql.filter((s) => s.service === 'billing');
    expect(billingSql.length).toBeGreaterThan(0);
    expect(billingSql.some((s) => /\b(INSERT|UPDATE)\b/.test(String(s.attributes['db.query.text'])))).toBe(true);
    for (const span of billingSql.filter((s) => ancestry(trace, s).includes(inBilling)))
      expect(span.kind).toBe(SPAN_KIND.client);
    expect(billingSql.some((s) => ancestry(trace, s).includes(inBilling))).toBe(true);
    expect(sql.some((s) => s.service === 'decision' && ancestry(trace, s).includes(inDecision))).toBe(true);
    // The gateway answers the notification's recipients look-up (identity), still in this trace.
    expect(sql.some((s) => s.service === 'gateway' && ancestry(trace, s).includes(http))).toBe(true);

    // The event: published by billing's relay as a child of the request that wrote it, consumed as the publish's child.
    const publish = only(
      trace.filter((s) => s.service === 'billing' && s.kind === SPAN_KIND.producer),
      'billing publish span',
    );
    expect(publish.name).toBe(`publish ${BILLING_BALANCE_LOW}`);
    expect(ancestry(trace, publish)).toContain(inBilling);
    expect(consumer).toMatchObject({ service: 'notification', name: `process ${BILLING_BALANCE_LOW}` });
    expect(consumer.attributes).toMatchObject({ 'messaging.destination.name': BILLING_BALANCE_LOW });
    // Every consumer of the event (the webhooks one too) continues the trace from the publish.
    for (const span of trace.filter((s) => s.kind === SPAN_KIND.consumer)) expect(parentOf(span)).toBe(publish);
    expect(sql.some((s) => s.service === 'notification' && ancestry(trace, s).includes(consumer))).toBe(true);

    // One trace: every span of these services in it leads back to the gateway's request span.
    for (const span of trace) expect(ancestry(trace, span).at(-1)).toBe(http);
    expect(receiver.rejected).toEqual([]);
  });
});

describeStandalone('traces in standalone (npm start)', () => {
  const receiver = new OtlpReceiver();
  let dataDir: string;
  let database: FreshDatabase;
  let platform: RunningProcess;
  let baseUrl: string;

  beforeAll(async () => {
    await receiver.start();
    database = await freshDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-traces-'));
    const port = await freePort();
    platform = run(STANDALONE_MAIN, {
      ...TRACING_ENV(receiver),
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
    });
    baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp200(`${baseUrl}/v1/health/ready`, platform);
  }, 120_000);

  afterAll(async () => {
    if (platform && platform.child.exitCode === null) {
      platform.child.kill('SIGTERM');
      await platform.exited;
    }
    await database?.drop();
    await receiver.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('should continue the trace a client sends in traceparent, through the in-process transport to SQL', async () => {
    const traceId = randomBytes(16).toString('hex');
    const clientSpanId = randomBytes(8).toString('hex');
    await request(baseUrl)
      .get('/v1/properties')
      .query({ city: 'جدة' })
      .set('traceparent', `00-${traceId}-${clientSpanId}-01`)
      .expect(200);

    const http = await receiver.waitFor(
      () => receiver.trace(traceId).find((s) => s.kind === SPAN_KIND.server && s.name === 'GET /v1/properties'),
      'the request span in the client’s trace',
    );
    expect(http).toMatchObject({ service: 'standalone', parentSpanId: clientSpanId });
    const served = await receiver.waitFor(
      () => receiver.trace(traceId).find((s) => s.kind === SPAN_KIND.server && s.name === PropertiesRpc.search.pattern),
      'the in-process catalogue span',
    );
    const trace = receiver.trace(traceId);
    const call = trace.find((s) => s.spanId === served.parentSpanId);
    expect(call).toMatchObject({ kind: SPAN_KIND.client, name: PropertiesRpc.search.pattern });
    expect(call?.attributes['rpc.system']).toBe('in_process');
    expect(ancestry(trace, served)).toContain(http);
    await receiver.waitFor(
      () =>
        receiver
          .trace(traceId)
          .find(
            (s) => ancestry(receiver.trace(traceId), s).includes(served) && s.kind === SPAN_KIND.client && s !== served,
          ),
      'an SQL span under the catalogue span',
    );
  });

  it('should start a new trace for a request without traceparent and ignore a malformed one', async () => {
    await request(baseUrl).get('/v1/properties').set('traceparent', 'not-a-traceparent').expect(200);
    const span = await receiver.waitFor(
      () => receiver.spans.find((s) => s.name === 'GET /v1/properties' && s.parentSpanId === undefined),
      'a root request span',
    );
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(span.traceId).not.toBe('0'.repeat(32));
  });
});
