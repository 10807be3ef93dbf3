import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Response } from 'supertest';
import { createApiKey, createMember } from '../harness/identity-fixtures';
import { describeDistributed, describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const LIMIT = 5;
const RACE = 12;

/** A documentation-range IPv4 address no other test uses, sent as the client IP via X-Forwarded-For. */
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const search = (base: string, ip: string) => request(base).get('/v1/properties').set('x-forwarded-for', ip);
const balance = (base: string, key: string, ip = nextIp()) =>
  request(base).get('/v1/workspace/balance').set('authorization', `Bearer ${key}`).set('x-forwarded-for', ip);

/**
 * Counts of the answers that got through and the 429s, checking every answer's RateLimit fields
 * (draft-ietf-httpapi-ratelimit-headers) and every 429's contract shape and Retry-After.
 */
function tally(results: Response[], policy: string): { passed: number; limited: number; remaining: number[] } {
  const limited = results.filter((r) => r.status === 429);
  const passed = results.filter((r) => r.status !== 429);
  for (const res of results) {
    expect(res.headers['ratelimit-policy']).toBe(`"${policy}";q=${LIMIT};w=60`);
    expect(res.headers.ratelimit).toMatch(new RegExp(`^"${policy}";r=\\d+;t=\\d+$`));
  }
  for (const res of limited) {
    expect(res.body).toMatchObject({ error: 'rate_limited', code: 'RATE_LIMIT_EXCEEDED' });
    expect(res.body.message).toMatch(new RegExp(`^Over ${LIMIT} requests a minute\\. Try again in \\d+ seconds?\\.$`));
    expect(Number.isInteger(res.body.retry_after)).toBe(true);
    expect(res.body.retry_after).toBeGreaterThanOrEqual(1);
    expect(res.body.retry_after).toBeLessThanOrEqual(60);
    expect(res.headers['retry-after']).toBe(String(res.body.retry_after));
    expect(res.headers.ratelimit).toBe(`"${policy}";r=0;t=${res.body.retry_after}`);
  }
  const remaining = passed.map((r) => Number(/;r=(\d+);/.exec(r.headers.ratelimit)?.[1])).sort();
  return { passed: passed.length, limited: limited.length, remaining };
}

describeE2e('fair use: requests per minute per API key and per client IP', () => {
  let platform: Platform;
  let base: string;
  let owner: Awaited<ReturnType<typeof createMember>>;

  beforeAll(async () => {
    // One proxy hop trusted (the contract proxy stands for the ingress), so the test can speak for several IPs.
    platform = await startPlatform({
      env: { API_RATE_LIMIT: String(LIMIT), PUBLIC_RATE_LIMIT: String(LIMIT), TRUST_PROXY_HOPS: '1' },
    });
    base = platform.baseUrl;
    owner = await createMember(platform, { role: 'owner' });
  });

  afterAll(() => platform?.close());

  const newKey = () => createApiKey(platform, owner.workspaceId, owner.accountId);

  it('should let exactly the limit through when one IP races a public search', async () => {
    const ip = nextIp();
    const results = await Promise.all(Array.from({ length: RACE }, () => search(base, ip)));
    expect(tally(results, 'public')).toEqual({ passed: LIMIT, limited: RACE - LIMIT, remaining: [0, 1, 2, 3, 4] });
    expect(results.filter((r) => r.status !== 429).every((r) => r.status === 200)).toBe(true);
    // Another IP is not affected.
    const other = await search(base, nextIp()).expect(200);
    expect(other.headers.ratelimit).toMatch(/^"public";r=4;t=\d+$/);
  });

  it('should count every public route against one budget per IP when a client walks them', async () => {
    const ip = nextIp();
    const id = randomUUID();
    const routes = [
      request(base).get(`/v1/properties/${id}`),
      request(base).get(`/v1/properties/${id}/availability`),
      request(base).get('/v1/brokers/no-such-broker'),
      request(base).get(`/v1/public/projects/${id}`),
      request(base).post(`/v1/widgets/${id}/sessions`).send({ origin: 'https://example.com' }),
    ];
    const answers: Response[] = [];
    for (const route of routes) answers.push(await route.set('x-forwarded-for', ip));
    expect(answers.filter((r) => r.status === 429)).toHaveLength(0);
    answers.push(await search(base, ip));
    expect(tally(answers, 'public')).toMatchObject({ passed: LIMIT, limited: 1 });
  });

  it('should check validation only after the limit when a limited IP sends a bad query', async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMIT; i += 1) await search(base, ip).expect(200);
    const res = await request(base).get('/v1/properties?min_bedrooms=many').set('x-forwarded-for', ip).expect(429);
    expect(tally([res], 'public').limited).toBe(1);
    await request(base).get('/v1/properties?min_bedrooms=many').set('x-forwarded-for', nextIp()).expect(400);
  });

  it('should count the address the trusted proxy saw when a client forges X-Forwarded-For', async () => {
    const ip = nextIp();
    // The client's own X-Forwarded-For entries come first; the trusted hop appends the address it saw.
    const results = await Promise.all(Array.from({ length: RACE }, (_, i) => search(base, `10.9.${i}.1, ${ip}`)));
    expect(tally(results, 'public')).toMatchObject({ passed: LIMIT, limited: RACE - LIMIT });
  });

  it('should let exactly the limit through when one API key races requests from many IPs', async () => {
    const key = await newKey();
    const results = await Promise.all(Array.from({ length: RACE }, () => balance(base, key)));
    expect(tally(results, 'api-key')).toEqual({ passed: LIMIT, limited: RACE - LIMIT, remaining: [0, 1, 2, 3, 4] });
    expect(results.filter((r) => r.status !== 429).every((r) => r.status === 200)).toBe(true);
    // Another key of the same workspace has its own quota.
    const other = await balance(base, await newKey()).expect(200);
    expect(other.headers.ratelimit).toMatch(/^"api-key";r=4;t=\d+$/);
  });

  it('should keep authentication first when a key is limited', async () => {
    const key = await newKey();
    await Promise.all(Array.from({ length: LIMIT }, () => balance(base, key).expect(200)));
    await balance(base, key).expect(429);
    const forged = await balance(base, `${key.slice(0, -4)}AAAA`).expect(401);
    expect(forged.headers.ratelimit).toBeUndefined();
    expect((await request(base).get('/v1/workspace/balance')).status).toBe(401);
  });

  it('should not limit a user token when API keys are limited', async () => {
    const results = await Promise.all(
      Array.from({ length: RACE }, () =>
        request(base).get('/v1/workspace/balance').set('authorization', `Bearer ${owner.token}`),
      ),
    );
    expect(results.every((r) => r.status === 200 && r.headers.ratelimit === undefined)).toBe(true);
  });

  describeDistributed('across gateway replicas', () => {
    let replica: string;

    beforeAll(async () => {
      replica = await platform.startGatewayReplica();
    });

    it('should let exactly the limit through when one IP races two gateway processes', async () => {
      const ip = nextIp();
      const results = await Promise.all(Array.from({ length: RACE }, (_, i) => search(i % 2 ? replica : base, ip)));
      expect(tally(results, 'public')).toEqual({ passed: LIMIT, limited: RACE - LIMIT, remaining: [0, 1, 2, 3, 4] });
    });

    it('should let exactly the limit through when one API key races two gateway processes', async () => {
      const key = await newKey();
      const results = await Promise.all(Array.from({ length: RACE }, (_, i) => balance(i % 2 ? replica : base, key)));
      expect(tally(results, 'api-key')).toEqual({ passed: LIMIT, limited: RACE - LIMIT, remaining: [0, 1, 2, 3, 4] });
    });
  });
});

describeE2e('fair use turned off', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform({ env: { API_RATE_LIMIT: '0', PUBLIC_RATE_LIMIT: '0' } });
  });

  afterAll(() => platform?.close());

  it('should neither limit nor announce a limit when both are 0', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    const key = await createApiKey(platform, owner.workspaceId, owner.accountId);
    const results = await Promise.all([
      ...Array.from({ length: RACE }, () => request(platform.baseUrl).get('/v1/properties')),
      ...Array.from({ length: RACE }, () =>
        request(platform.baseUrl).get('/v1/workspace/balance').set('authorization', `Bearer ${key}`),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 2 * RACE }, () => 200));
    expect(results.some((r) => r.headers.ratelimit !== undefined || r.headers['ratelimit-policy'])).toBe(false);
  });
});
