import request from 'supertest';
import type { DecisionBatchResponse, DecisionBatchResult, DecisionResponse } from '@app/contracts';
import { balanceOf, fundedWorkspace } from '../harness/billing-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const BATCH = '/v1/decisions/batch';
const OLAYA_RIYADH = 10100003075;

/** Both request forms, alternating, with prices that differ per item. */
const item = (i: number): Record<string, unknown> => ({
  property: { type: 'apartment', price: 900_000 + i * 1_000, area: 150, bedrooms: 3 },
  location: i % 2 === 0 ? { city: 'Riyadh', district: 'Al Olaya' } : { district_id: OLAYA_RIYADH },
  reasoning: false,
});

/** `n` items of which those at `invalid` break one rule each (a negative area, an unknown type, no place). */
function items(n: number, invalid: number[] = []): Record<string, unknown>[] {
  const breakers = [
    (body: Record<string, unknown>) => ({ ...body, property: { type: 'apartment', price: 1_000_000, area: -5 } }),
    (body: Record<string, unknown>) => ({ ...body, property: { type: 'castle', price: 1_000_000, area: 100 } }),
    (body: Record<string, unknown>) => ({ ...body, location: { city: 'Riyadh' } }),
  ];
  return Array.from({ length: n }, (_, i) => {
    const at = invalid.indexOf(i);
    return at === -1 ? item(i) : breakers[at % breakers.length](item(i));
  });
}

describeE2e('POST /v1/decisions/batch', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await sharedPlatform({ env: { DEMO_TRANSACTIONS: 'true' } });
  });

  afterAll(async () => {
    await platform?.close();
  });

  const post = (key: string, body: unknown, headers: Record<string, string> = {}) =>
    request(platform.baseUrl)
      .post(BATCH)
      .set('authorization', `Bearer ${key}`)
      .set(headers)
      .send(body as object);

  const getBatch = (token: string, id: string) =>
    request(platform.baseUrl).get(`${BATCH}/${id}`).set('authorization', `Bearer ${token}`);

  /** Reads the job until it is done: no clock involved, only its state. */
  async function finished(key: string, id: string): Promise<DecisionBatchResponse> {
    for (;;) {
      const batch = (await getBatch(key, id).expect(200)).body as DecisionBatchResponse;
      if (batch.status === 'done') return batch;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const ndjson = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as DecisionBatchResult | DecisionBatchResponse);

  function expectThreeInvalid(results: DecisionBatchResult[]): void {
    expect(results.map((r) => r.index)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    const failed = results.filter((r) => r.status !== 200);
    expect(failed.map((r) => r.index)).toEqual([7, 100, 199]);
    expect(failed.map((r) => ('error' in r ? r.error : undefined))).toEqual([
      expect.objectContaining({ error: 'validation_error', field: 'property.area', code: 'INVALID_FIELD_TYPE' }),
      expect.objectContaining({ error: 'validation_error', field: 'property.type', code: 'INVALID_PROPERTY_TYPE' }),
      expect.objectContaining({ error: 'validation_error', field: 'location.district' }),
    ]);
    expect(failed.every((r) => r.status === 422)).toBe(true);
    const decided = results.filter((r) => r.status === 200);
    expect(decided).toHaveLength(197);
    expect(decided[0].decision).toMatchObject({
      object: 'decision',
      credits_used: 1,
      location: { district_id: OLAYA_RIYADH },
    });
  }

  it('should charge 197 for a job of 200 items with 3 invalid ones and answer 197 decisions and 3 errors', async () => {
    const { key, owner } = await fundedWorkspace(platform, 200);
    const res = await post(key, { items: items(200, [7, 100, 199]) }).expect(202);
    const job = res.body as DecisionBatchResponse;
    expect(res.headers.location).toBe(`${BATCH}/${job.id}`);
    expect(job).toMatchObject({ object: 'decision_batch', status: 'running', item_count: 200, credits_charged: 200 });

    const done = await finished(key, job.id);
    expect(done).toMatchObject({
      status: 'done',
      item_count: 200,
      processed_count: 200,
      succeeded_count: 197,
      failed_count: 3,
      credits_charged: 200,
      credits_refunded: 3,
      credits_used: 197,
      credits_remaining: 3,
    });
    expectThreeInvalid(done.results);
    expect(await balanceOf(platform, key)).toBe(3);

    // Each decision is stored as a single one is; a member's token reads the job too.
    const first = done.results[0] as { decision: DecisionResponse };
    const stored = await request(platform.baseUrl)
      .get(`/v1/decisions/${first.decision.id}`)
      .set('authorization', `Bearer ${key}`)
      .expect(200);
    expect(stored.body).toEqual(first.decision);
    expect((await getBatch(owner.token, job.id).expect(200)).body).toEqual(done);
  });

  it('should stream 200 items as NDJSON, one line per item in order then the batch, charging 197', async () => {
    const { key } = await fundedWorkspace(platform, 200);
    const res = await post(key, { items: items(200, [7, 100, 199]) }, { accept: 'application/x-ndjson' })
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = ndjson(res.body as string);
    expect(lines).toHaveLength(201);
    expectThreeInvalid(lines.slice(0, 200) as DecisionBatchResult[]);
    expect(lines[200]).toMatchObject({
      object: 'decision_batch',
      status: 'done',
      succeeded_count: 197,
      failed_count: 3,
      credits_used: 197,
      credits_remaining: 3,
      results: [],
    });
    expect(await balanceOf(platform, key)).toBe(3);
  });

  it('should answer a small batch at once, in JSON, with both request forms', async () => {
    const { key } = await fundedWorkspace(platform, 10);
    const res = await post(key, { items: items(4) }).expect(200);
    const batch = res.body as DecisionBatchResponse;
    expect(batch).toMatchObject({
      status: 'done',
      succeeded_count: 4,
      failed_count: 0,
      credits_used: 4,
      credits_remaining: 6,
    });
    expect(batch.results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await balanceOf(platform, key)).toBe(6);
  });

  it('should answer 402 and charge nothing when the balance cannot cover the whole batch', async () => {
    const { key } = await fundedWorkspace(platform, 5);
    const res = await post(key, { items: items(10, [0]) }).expect(402);
    expect(res.body).toMatchObject({ error: 'insufficient_decisions', required: 10, balance: 5 });
    expect(await balanceOf(platform, key)).toBe(5);
  });

  it('should let only one of two racing batches through when the balance covers one', async () => {
    const { key } = await fundedWorkspace(platform, 10);
    const answers = await Promise.all([post(key, { items: items(10) }), post(key, { items: items(10) })]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 402]);
    expect(await balanceOf(platform, key)).toBe(0);
  });

  it('should charge a replayed batch once and return the same batch, also when the replays race', async () => {
    const { key } = await fundedWorkspace(platform, 10);
    const body = { items: items(5, [2]) };
    const headers = { 'idempotency-key': `batch-${Date.now()}` };
    const racing = await Promise.all([post(key, body, headers), post(key, body, headers), post(key, body, headers)]);
    // Each racer gets the one batch, finished (200) or still running (202): a racer waits while it is being paid for.
    const ids = new Set<string>();
    for (const res of racing) {
      expect([200, 202]).toContain(res.status);
      ids.add((res.body as DecisionBatchResponse).id);
    }
    expect(ids.size).toBe(1);
    const first = await finished(key, [...ids][0]);

    const replay = await post(key, body, headers).expect(200);
    expect(replay.body).toEqual(first);
    expect(first).toMatchObject({ credits_used: 4, succeeded_count: 4, failed_count: 1 });
    expect(await balanceOf(platform, key)).toBe(6);

    const changed = await post(key, { items: items(5) }, headers).expect(422);
    expect(changed.body).toMatchObject({ error: 'idempotency_key_reused' });
    expect(await balanceOf(platform, key)).toBe(6);
  });

  it('should answer 422 on items for more than 1,000 items, an empty list or no list, charging nothing', async () => {
    const { key } = await fundedWorkspace(platform, 5);
    const tooMany = await post(key, { items: Array.from({ length: 1001 }, (_, i) => item(i)) }).expect(422);
    expect(tooMany.body).toMatchObject({ error: 'validation_error', field: 'items' });
    expect((await post(key, { items: [] }).expect(422)).body).toMatchObject({ field: 'items' });
    expect((await post(key, item(0)).expect(422)).body).toMatchObject({ error: 'validation_error' });
    expect(await balanceOf(platform, key)).toBe(5);
  });

  it("should answer 404 for another workspace's batch and for an unknown id", async () => {
    const mine = await fundedWorkspace(platform, 5);
    const theirs = await fundedWorkspace(platform, 5);
    const batch = (await post(mine.key, { items: items(1) }).expect(200)).body as DecisionBatchResponse;
    expect((await getBatch(theirs.key, batch.id).expect(404)).body).toMatchObject({ error: 'not_found' });
    await getBatch(theirs.owner.token, batch.id).expect(404);
    await getBatch(mine.key, '00000000-0000-4000-8000-000000000000').expect(404);
    await getBatch(mine.key, 'not-an-id').expect(404);
  });

  it('should refuse a user token as POST /v1/decisions does', async () => {
    const { owner } = await fundedWorkspace(platform, 5);
    expect((await post(owner.token, { items: items(1) }).expect(401)).body).toMatchObject({ error: 'invalid_api_key' });
  });
});
