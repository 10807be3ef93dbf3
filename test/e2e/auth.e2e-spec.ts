import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import type { Response } from 'supertest';
import { withClient } from '../harness/databases';
import { expectNoSecrets } from '../harness/no-secrets';
import { describeDistributed, describeE2e } from '../harness/mode';
import { sharedPlatform, startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const PASSWORD = 'correct horse battery';
const ISSUER = 'property-decision-platform';
const AUDIENCE = 'property-decision-api';

const uniqueEmail = (tag = 'user') => `${tag}.${randomBytes(5).toString('hex')}@example.com`;

/** The run's signing key, as the gateway processes have it (`kid:secret`, the first one signs). */
function signingKey(): { kid: string; secret: string } {
  const first = (process.env.JWT_SIGNING_KEYS ?? '').split(',')[0];
  const index = first.indexOf(':');
  if (index < 1) throw new Error('JWT_SIGNING_KEYS is not set for this run');
  return { kid: first.slice(0, index), secret: first.slice(index + 1) };
}

interface Session {
  email: string;
  accountId: string;
  access: string;
  refresh: string;
}

async function newUser(baseUrl: string, extra: Record<string, unknown> = {}): Promise<{ email: string; id: string }> {
  const email = uniqueEmail();
  const res = await request(baseUrl)
    .post('/v1/accounts')
    .send({ email, password: PASSWORD, name: 'Test User', role: 'buyer', ...extra })
    .expect(201);
  return { email, id: res.body.id as string };
}

async function logIn(baseUrl: string, email: string): Promise<Session> {
  const res = await request(baseUrl).post('/v1/auth/login').send({ email, password: PASSWORD }).expect(200);
  return {
    email,
    accountId: (jwt.decode(res.body.access_token) as jwt.JwtPayload).sub as string,
    access: res.body.access_token,
    refresh: res.body.refresh_token,
  };
}

const me = (baseUrl: string, token: string) => request(baseUrl).get('/v1/me').set('authorization', `Bearer ${token}`);

const INVALID_TOKEN = { error: 'invalid_token', code: 'INVALID_TOKEN' };

describeE2e('auth: login, refresh, logout, me', () => {
  let platform: Platform;
  let base: string;

  beforeAll(async () => {
    platform = await sharedPlatform();
    base = platform.baseUrl;
  });

  afterAll(() => platform?.close());

  it('should issue an access token and a refresh token when the password is right', async () => {
    const user = await newUser(base);
    const res = await request(base).post('/v1/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    expect(res.body).toEqual({
      object: 'token',
      token_type: 'Bearer',
      access_token: expect.any(String),
      expires_in: 900,
      refresh_token: expect.any(String),
      refresh_expires_in: 30 * 86_400,
    });
    const decoded = jwt.decode(res.body.access_token, { complete: true });
    expect(decoded?.header).toMatchObject({ alg: 'HS256', typ: 'at+jwt', kid: signingKey().kid });
    expect(decoded?.payload).toMatchObject({ sub: user.id, sid: expect.any(String), iss: ISSUER, aud: AUDIENCE });
    expectNoSecrets(res.body, PASSWORD);
    await me(base, res.body.access_token).expect(200);
  });

  it('should log in when the e-mail is typed in another case', async () => {
    const user = await newUser(base);
    await request(base)
      .post('/v1/auth/login')
      .send({ email: ` ${user.email.toUpperCase()}`, password: PASSWORD })
      .expect(200);
  });

  it('should give the same 401 invalid_credentials when the e-mail is unknown or the password is wrong', async () => {
    const user = await newUser(base);
    const wrong = await request(base).post('/v1/auth/login').send({ email: user.email, password: 'wrong password!' });
    const unknown = await request(base)
      .post('/v1/auth/login')
      .send({ email: uniqueEmail('ghost'), password: PASSWORD });
    const expected = {
      error: 'invalid_credentials',
      message: 'Email or password is incorrect.',
      code: 'INVALID_CREDENTIALS',
    };
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(expected);
    expect(unknown.body).toEqual(expected);
  });

  it('should answer 422 validation_error when the password is missing', async () => {
    const res = await request(base).post('/v1/auth/login').send({ email: uniqueEmail() }).expect(422);
    expect(res.body).toMatchObject({ error: 'validation_error', field: 'password', code: 'MISSING_REQUIRED_FIELDS' });
  });

  it('should describe the caller without secrets when a buyer asks for /v1/me', async () => {
    const user = await newUser(base, { phone: '0501234567', language: 'ar', name: 'نورة' });
    const session = await logIn(base, user.email);
    const res = await me(base, session.access).expect(200);
    expect(res.body).toEqual({
      object: 'me',
      account: {
        object: 'account',
        id: user.id,
        email: user.email,
        name: 'نورة',
        phone: '+966501234567',
        role: 'buyer',
        broker_kind: null,
        language: 'ar',
        email_verified: false, // signed up, the mailed link not used yet
        created_at: expect.any(String),
      },
      roles: ['buyer'],
      workspace: null,
    });
    expectNoSecrets(res.body, PASSWORD);
  });

  it('should show the workspace and the owner role when a broker asks for /v1/me', async () => {
    const user = await newUser(base, { role: 'broker', broker_kind: 'company', name: 'Gulf Homes' });
    const session = await logIn(base, user.email);
    const res = await me(base, session.access).expect(200);
    expect(res.body.roles).toEqual(['broker']);
    expect(res.body.workspace).toEqual({
      id: expect.any(String),
      name: "Gulf Homes's workspace",
      kind: 'broker',
      broker_kind: 'company',
      role: 'owner',
    });
  });

  it('should answer 401 unauthorized when /v1/me is called without a credential', async () => {
    const res = await request(base).get('/v1/me').expect(401);
    expect(res.body).toMatchObject({ error: 'unauthorized', code: 'MISSING_TOKEN' });
  });

  it('should rotate the pair when a refresh token is used once', async () => {
    const user = await newUser(base);
    const session = await logIn(base, user.email);
    const res = await request(base).post('/v1/auth/refresh').send({ refresh_token: session.refresh }).expect(200);
    expect(res.body).toMatchObject({ object: 'token', token_type: 'Bearer', expires_in: 900 });
    expect(res.body.refresh_token).not.toBe(session.refresh);
    const claims = (token: string) => jwt.decode(token) as jwt.JwtPayload;
    expect(claims(res.body.access_token).sid).toBe(claims(session.access).sid);
    expectNoSecrets(res.body, PASSWORD);
    await me(base, res.body.access_token).expect(200);
    // The next token in the family works in turn.
    await request(base).post('/v1/auth/refresh').send({ refresh_token: res.body.refresh_token }).expect(200);
  });

  it('should revoke the whole family when a used refresh token is presented again', async () => {
    const user = await newUser(base);
    const session = await logIn(base, user.email);
    const rotated = await request(base).post('/v1/auth/refresh').send({ refresh_token: session.refresh }).expect(200);

    const reuse = await request(base).post('/v1/auth/refresh').send({ refresh_token: session.refresh }).expect(401);
    expect(reuse.body).toMatchObject(INVALID_TOKEN);

    const next = await request(base)
      .post('/v1/auth/refresh')
      .send({ refresh_token: rotated.body.refresh_token })
      .expect(401);
    expect(next.body).toMatchObject(INVALID_TOKEN);
    expect((await me(base, rotated.body.access_token).expect(401)).body).toMatchObject(INVALID_TOKEN);
    expect((await me(base, session.access).expect(401)).body).toMatchObject(INVALID_TOKEN);

    // Another login of the same account is another family, untouched.
    const other = await logIn(base, user.email);
    await me(base, other.access).expect(200);
  });

  it('should let exactly one of concurrent refreshes succeed when they present the same token', async () => {
    const user = await newUser(base);
    const session = await logIn(base, user.email);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => request(base).post('/v1/auth/refresh').send({ refresh_token: session.refresh })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(7);
    const rows = await withClient(platform.databaseUrl, (client) =>
      client.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM identity.refresh_tokens WHERE account_id = $1',
        [user.id],
      ),
    );
    expect(rows.rows[0].count).toBe(2);
  });

  it('should answer 401 invalid_token when the refresh token is unknown', async () => {
    const res = await request(base)
      .post('/v1/auth/refresh')
      .send({ refresh_token: randomBytes(32).toString('base64url') })
      .expect(401);
    expect(res.body).toMatchObject(INVALID_TOKEN);
  });

  it('should answer 401 invalid_token when the refresh token has expired', async () => {
    const user = await newUser(base);
    const session = await logIn(base, user.email);
    await withClient(platform.databaseUrl, (client) =>
      client.query(
        `UPDATE identity.refresh_tokens SET expires_at = now() - interval '1 second' WHERE account_id = $1`,
        [user.id],
      ),
    );
    const res = await request(base).post('/v1/auth/refresh').send({ refresh_token: session.refresh }).expect(401);
    expect(res.body).toMatchObject(INVALID_TOKEN);
  });

  it('should end the session when the caller logs out', async () => {
    const user = await newUser(base);
    const session = await logIn(base, user.email);
    const other = await logIn(base, user.email);
    const res = await request(base)
      .post('/v1/auth/logout')
      .set('authorization', `Bearer ${session.access}`)
      .send({})
      .expect(204);
    expect(res.text).toBe('');
    expect((await me(base, session.access).expect(401)).body).toMatchObject(INVALID_TOKEN);
    await request(base).post('/v1/auth/refresh').send({ refresh_token: session.refresh }).expect(401);
    // Logging out of one device leaves the others signed in.
    await me(base, other.access).expect(200);
  });

  it('should also end the session of the refresh token sent when the caller logs out with one', async () => {
    const user = await newUser(base);
    const session = await logIn(base, user.email);
    const other = await logIn(base, user.email);
    await request(base)
      .post('/v1/auth/logout')
      .set('authorization', `Bearer ${session.access}`)
      .send({ refresh_token: other.refresh })
      .expect(204);
    await me(base, other.access).expect(401);
    await request(base).post('/v1/auth/refresh').send({ refresh_token: other.refresh }).expect(401);
  });

  it("should not end another account's session when its refresh token is sent to logout", async () => {
    const mallory = await logIn(base, (await newUser(base)).email);
    const victim = await logIn(base, (await newUser(base)).email);
    await request(base)
      .post('/v1/auth/logout')
      .set('authorization', `Bearer ${mallory.access}`)
      .send({ refresh_token: victim.refresh })
      .expect(204);
    await me(base, victim.access).expect(200);
  });

  it('should answer 401 unauthorized when logout is called without a credential', async () => {
    const res = await request(base).post('/v1/auth/logout').send({}).expect(401);
    expect(res.body).toMatchObject({ error: 'unauthorized' });
  });

  describe('access tokens that must be refused', () => {
    let session: Session;
    let sid: string;

    beforeAll(async () => {
      session = await logIn(base, (await newUser(base)).email);
      sid = (jwt.decode(session.access) as jwt.JwtPayload).sid as string;
    });

    const mint = (options: { secret?: string; kid?: string; exp?: number; expiresIn?: number } = {}) => {
      const key = signingKey();
      return jwt.sign(
        { sid, ...(options.exp !== undefined ? { exp: options.exp } : {}) },
        options.secret ?? key.secret,
        {
          algorithm: 'HS256',
          subject: session.accountId,
          issuer: ISSUER,
          audience: AUDIENCE,
          ...(options.exp === undefined ? { expiresIn: options.expiresIn ?? 300 } : {}),
          header: { alg: 'HS256', typ: 'at+jwt', kid: options.kid ?? key.kid },
        },
      );
    };

    it('should accept a token minted with the run key when it is well formed (control)', async () => {
      await me(base, mint()).expect(200);
    });

    it('should answer 401 invalid_token when the payload was tampered with', async () => {
      const [header, payload, signature] = session.access.split('.');
      const middle = Math.floor(payload.length / 2);
      const flipped = payload[middle] === 'A' ? 'B' : 'A';
      const tampered = [header, payload.slice(0, middle) + flipped + payload.slice(middle + 1), signature].join('.');
      expect((await me(base, tampered).expect(401)).body).toMatchObject(INVALID_TOKEN);
    });

    it('should answer 401 invalid_token when the claims are changed and the signature kept', async () => {
      const [header, , signature] = session.access.split('.');
      const claims = { ...(jwt.decode(session.access) as jwt.JwtPayload), sub: randomUUIDLike() };
      const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
      expect((await me(base, forged).expect(401)).body).toMatchObject(INVALID_TOKEN);
    });

    it('should answer 401 invalid_token when the token has expired', async () => {
      const expired = mint({ exp: Math.floor(Date.now() / 1000) - 60 });
      expect((await me(base, expired).expect(401)).body).toMatchObject(INVALID_TOKEN);
    });

    it('should answer 401 invalid_token when the token says alg none', async () => {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = jwt.decode(session.access) as jwt.JwtPayload;
      const unsigned = `${encode({ alg: 'none', typ: 'at+jwt', kid: signingKey().kid })}.${encode(claims)}.`;
      expect((await me(base, unsigned).expect(401)).body).toMatchObject(INVALID_TOKEN);
    });

    it('should answer 401 invalid_token when the token is signed with another key', async () => {
      const forged = mint({ secret: randomBytes(48).toString('base64url') });
      expect((await me(base, forged).expect(401)).body).toMatchObject(INVALID_TOKEN);
    });

    it('should answer 401 invalid_token when the key id is unknown', async () => {
      const forged = mint({ kid: 'unknown-kid' });
      expect((await me(base, forged).expect(401)).body).toMatchObject(INVALID_TOKEN);
    });
  });
});

function randomUUIDLike(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** Counts of the answers that got through and the 429s, checking every 429's shape. */
function tally(results: Response[]): { passed: number; limited: number } {
  const limited = results.filter((r) => r.status === 429);
  for (const res of limited) {
    expect(res.body).toMatchObject({ error: 'rate_limited', code: 'RATE_LIMIT_EXCEEDED' });
    expect(Number.isInteger(res.body.retry_after)).toBe(true);
    expect(res.body.retry_after).toBeGreaterThanOrEqual(1);
    expect(res.body.retry_after).toBeLessThanOrEqual(60);
    expect(res.body.message).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/);
    expect(res.headers['retry-after']).toBe(String(res.body.retry_after));
  }
  return { passed: results.length - limited.length, limited: limited.length };
}

/** A documentation-range IPv4 address no other test uses, sent as the client IP via X-Forwarded-For. */
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

describeE2e('auth: sign-up and login limits', () => {
  const LIMIT = 3;
  let platform: Platform;
  let base: string;

  beforeAll(async () => {
    // One proxy hop trusted, so the test can speak for several client addresses.
    platform = await startPlatform({
      env: { AUTH_RATE_LIMIT: String(LIMIT), AUTH_RATE_WINDOW_S: '60', TRUST_PROXY_HOPS: '1' },
    });
    base = platform.baseUrl;
  });

  afterAll(() => platform?.close());

  const login = (baseUrl: string, email: string, ip: string) =>
    request(baseUrl).post('/v1/auth/login').set('x-forwarded-for', ip).send({ email, password: PASSWORD });

  const signUp = (email: string, ip: string) =>
    request(base)
      .post('/v1/accounts')
      .set('x-forwarded-for', ip)
      .send({ email, password: PASSWORD, name: 'Limited', role: 'buyer' });

  it('should let exactly the limit through when one IP races logins for different accounts', async () => {
    const ip = nextIp();
    const results = await Promise.all(Array.from({ length: 8 }, () => login(base, uniqueEmail('ip'), ip)));
    expect(tally(results)).toEqual({ passed: LIMIT, limited: 8 - LIMIT });
    expect(results.filter((r) => r.status !== 429).every((r) => r.status === 401)).toBe(true);
    // Another IP is not affected.
    expect((await login(base, uniqueEmail('ip'), nextIp())).status).toBe(401);
  });

  it('should let exactly the limit through when many IPs race logins for one account', async () => {
    const email = uniqueEmail('acct');
    await signUp(email, nextIp()).expect(201);
    const results = await Promise.all(Array.from({ length: 8 }, () => login(base, email.toUpperCase(), nextIp())));
    expect(tally(results)).toEqual({ passed: LIMIT, limited: 8 - LIMIT });
    expect(results.filter((r) => r.status !== 429).every((r) => r.status === 200)).toBe(true);
    // Another account from a fresh IP is not affected.
    expect((await login(base, uniqueEmail('acct'), nextIp())).status).toBe(401);
  });

  it('should let exactly the limit of sign-ups through when one IP races them', async () => {
    const ip = nextIp();
    const results = await Promise.all(Array.from({ length: 8 }, () => signUp(uniqueEmail('signup'), ip)));
    expect(tally(results)).toEqual({ passed: LIMIT, limited: 8 - LIMIT });
    expect(results.filter((r) => r.status === 201)).toHaveLength(LIMIT);
  });

  it('should let exactly the limit of sign-ups through when many IPs race them for one e-mail', async () => {
    const email = uniqueEmail('signup');
    const results = await Promise.all(Array.from({ length: 8 }, () => signUp(email, nextIp())));
    expect(tally(results)).toEqual({ passed: LIMIT, limited: 8 - LIMIT });
    expect(
      results
        .map((r) => r.status)
        .filter((s) => s !== 429)
        .sort(),
    ).toEqual([201, 409, 409]);
  });

  it('should not limit refresh when logins are limited', async () => {
    const email = uniqueEmail('refresh');
    const ip = nextIp();
    await signUp(email, ip).expect(201);
    const ok = await login(base, email, ip).expect(200);
    for (let i = 1; i < LIMIT; i += 1) await login(base, email, ip).expect(200);
    await login(base, email, ip).expect(429);
    await request(base)
      .post('/v1/auth/refresh')
      .set('x-forwarded-for', ip)
      .send({ refresh_token: ok.body.refresh_token })
      .expect(200);
  });

  describeDistributed('across gateway replicas', () => {
    let replica: string;

    beforeAll(async () => {
      replica = await platform.startGatewayReplica();
    });

    it('should share the count when attempts go to two gateway processes', async () => {
      const ip = nextIp();
      for (let i = 0; i < LIMIT; i += 1) expect((await login(base, uniqueEmail('shared'), ip)).status).toBe(401);
      const res = await login(replica, uniqueEmail('shared'), ip);
      expect(res.status).toBe(429);
      expect(tally([res]).limited).toBe(1);
    });

    it('should let exactly the limit through when two gateway processes are raced for one account', async () => {
      const email = uniqueEmail('shared');
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => login(i % 2 === 0 ? base : replica, email, nextIp())),
      );
      expect(tally(results)).toEqual({ passed: LIMIT, limited: 8 - LIMIT });
    });
  });
});
