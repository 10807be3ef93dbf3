import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, importJWK } from 'jose';
import request from 'supertest';
import { oauthKeysFrom } from '../../apps/gateway/src/oauth/oauth-keys';
import { createAccount } from '../harness/identity-fixtures';
import type { AccountFixture } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { CookieBrowser, TEST_REDIRECT_URI, csrfOf } from '../harness/oauth-client';
import { sharedPlatform, startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
const mcpHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
});

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

interface Flow {
  clientId: string;
  verifier: string;
}

/** Registration and an authorization URL as a client would build it; `overrides` bends one parameter. */
function authorizeUrl(gateway: string, flow: Flow, overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: flow.clientId,
    redirect_uri: TEST_REDIRECT_URI,
    code_challenge: challengeOf(flow.verifier),
    code_challenge_method: 'S256',
    scope: 'mcp',
    state: 'xyz',
    resource: `${gateway}/mcp`,
    ...overrides,
  };
  const url = new URL(`${gateway}/oauth/auth`);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

function register(gateway: string, redirectUris = [TEST_REDIRECT_URI]) {
  return request(gateway)
    .post('/oauth/reg')
    .send({
      client_name: 'Security test',
      redirect_uris: redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
}

/** Signs in and allows; returns the code the client receives. */
async function codeFor(gateway: string, flow: Flow, user: AccountFixture): Promise<string> {
  const browser = new CookieBrowser();
  const login = await browser.follow(await browser.get(authorizeUrl(gateway, flow)), gateway);
  const uid = new URL(login.url).pathname;
  const afterLogin = await browser.postForm(`${gateway}${uid}/login`, {
    csrf: csrfOf(await login.response.text()),
    email: user.email,
    password: user.password,
  });
  const consent = await browser.follow(afterLogin, gateway);
  const afterConsent = await browser.postForm(`${gateway}${new URL(consent.url).pathname}/consent`, {
    csrf: csrfOf(await consent.response.text()),
  });
  const done = await browser.follow(afterConsent, gateway);
  return new URL(done.url).searchParams.get('code') as string;
}

function exchange(gateway: string, flow: Flow, code: string, verifier = flow.verifier) {
  return request(gateway)
    .post('/oauth/token')
    .type('form')
    .send({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: flow.clientId,
      redirect_uri: TEST_REDIRECT_URI,
      resource: `${gateway}/mcp`,
    });
}

/** Where the authorization endpoint sends the browser: back to the client with an error, or nowhere. */
async function authorizeOutcome(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location, url) : null };
}

describeE2e('MCP over OAuth 2.1: refusals', () => {
  let platform: Platform;
  let gateway: string;
  let user: AccountFixture;
  let flow: Flow;
  let token: string;
  let claims: Record<string, unknown>;

  beforeAll(async () => {
    platform = await sharedPlatform();
    gateway = platform.gatewayUrl;
    user = await createAccount(platform);
    const registered = await register(gateway).expect(201);
    flow = { clientId: registered.body.client_id as string, verifier: randomBytes(32).toString('base64url') };
    const tokens = await exchange(gateway, flow, await codeFor(gateway, flow, user)).expect(200);
    token = tokens.body.access_token as string;
    claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
  });

  afterAll(() => platform?.close());

  /** A token signed with the server's own key, so only the claim under test is wrong. */
  async function forge(overrides: Record<string, unknown>): Promise<string> {
    const key = oauthKeysFrom(process.env.JWT_SIGNING_KEYS as string, undefined).signing[0];
    const rest = { ...claims };
    delete rest.iat;
    delete rest.exp;
    return new SignJWT({ ...rest, ...overrides })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: String(key.kid) })
      .setIssuedAt()
      .setExpirationTime((overrides.exp as number | undefined) ?? Math.floor(Date.now() / 1000) + 300)
      .sign(await importJWK(key as Parameters<typeof importJWK>[0], 'EdDSA'));
  }

  it('should accept the genuine token (the baseline of every refusal below)', async () => {
    await request(gateway).post('/mcp').set(mcpHeaders(token)).send(listTools).expect(200);
    await request(gateway)
      .post('/mcp')
      .set(mcpHeaders(await forge({})))
      .send(listTools)
      .expect(200);
  });

  it('should refuse a token for another audience', async () => {
    const res = await request(gateway)
      .post('/mcp')
      .set(mcpHeaders(await forge({ aud: 'https://elsewhere.example/mcp' })))
      .send(listTools)
      .expect(401);
    expect(res.body).toMatchObject({ error: 'invalid_token' });
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('should refuse a tampered token', async () => {
    const [header, payload, signature] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ ...claims, sub: (await createAccount(platform)).accountId })).toString(
      'base64url',
    );
    expect(payload).not.toBe(changed);
    await request(gateway)
      .post('/mcp')
      .set(mcpHeaders(`${header}.${changed}.${signature}`))
      .send(listTools)
      .expect(401);
  });

  it('should refuse an expired token', async () => {
    const expired = await forge({ exp: Math.floor(Date.now() / 1000) - 60 });
    await request(gateway).post('/mcp').set(mcpHeaders(expired)).send(listTools).expect(401);
  });

  it('should refuse a first-party access token and an API-style token at /mcp', async () => {
    await request(gateway).post('/mcp').set(mcpHeaders(user.token)).send(listTools).expect(401);
    await request(gateway).post('/mcp').set(mcpHeaders('sk-not-an-oauth-token')).send(listTools).expect(401);
  });

  it('should answer 403 insufficient_scope for a token without the mcp scope', async () => {
    const res = await request(gateway)
      .post('/mcp')
      .set(mcpHeaders(await forge({ scope: 'offline_access' })))
      .send(listTools)
      .expect(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope' });
    expect(res.headers['www-authenticate']).toContain('error="insufficient_scope"');
  });

  it('should refuse a code exchanged with a PKCE verifier that does not match', async () => {
    const code = await codeFor(gateway, flow, user);
    const res = await exchange(gateway, flow, code, randomBytes(32).toString('base64url')).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('should refuse an authorization request without PKCE or with the plain method', async () => {
    for (const overrides of [
      { code_challenge: undefined, code_challenge_method: undefined },
      { code_challenge: flow.verifier, code_challenge_method: 'plain' },
    ]) {
      const outcome = await authorizeOutcome(authorizeUrl(gateway, flow, overrides));
      expect(outcome.location?.origin + (outcome.location?.pathname ?? '')).toBe(TEST_REDIRECT_URI);
      expect(outcome.location?.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('should refuse a resource other than the /mcp URL with invalid_target', async () => {
    const outcome = await authorizeOutcome(authorizeUrl(gateway, flow, { resource: 'https://elsewhere.example/mcp' }));
    expect(outcome.location?.searchParams.get('error')).toBe('invalid_target');
  });

  it('should refuse a redirect URI that differs by one character, without redirecting to it', async () => {
    const outcome = await authorizeOutcome(authorizeUrl(gateway, flow, { redirect_uri: `${TEST_REDIRECT_URI}s` }));
    expect(outcome.status).toBe(400);
    expect(outcome.location).toBeNull();
  });

  it('should refuse to register a plain-http redirect URI that is not loopback', async () => {
    const res = await register(gateway, ['http://assistant.example/callback']).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_redirect_uri' });
    await register(gateway, ['https://assistant.example/callback']).expect(201);
  });

  it('should refuse a login form posted without its token or from another origin, saying so in both languages', async () => {
    const browser = new CookieBrowser();
    const login = await browser.follow(await browser.get(authorizeUrl(gateway, flow)), gateway);
    const uid = new URL(login.url).pathname;
    const csrf = csrfOf(await login.response.text());
    const credentials = { email: user.email, password: user.password };
    const forged = await browser.postForm(`${gateway}${uid}/login`, { ...credentials, csrf: 'forged' });
    expect(forged.status).toBe(403);
    const crossSite = await browser.postForm(
      `${gateway}${uid}/login`,
      { ...credentials, csrf },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    const page = await crossSite.text();
    expect(page).toContain('This form was refused');
    expect(page).toContain('sent from another website');
    expect(page).toContain(`href="${uid}?lang=en"`); // the way back to the still open sign-in
    expect(page).not.toContain('has ended');
    const arabic = await browser.postForm(
      `${gateway}${uid}/login`,
      { ...credentials, csrf, lang: 'ar' },
      { origin: 'https://evil.example' },
    );
    expect(arabic.status).toBe(403);
    const arabicPage = await arabic.text();
    expect(arabicPage).toContain('رُفض هذا النموذج');
    expect(arabicPage).toContain('أُرسل من موقع آخر');
    expect(arabicPage).toContain('العودة إلى صفحة تسجيل الدخول');
    // Still open indeed: the same browser signs in on the same page.
    const signedIn = await browser.postForm(`${gateway}${uid}/login`, { ...credentials, csrf });
    expect(signedIn.status).toBe(303);
  });

  it('should answer a wrong password on the login page', async () => {
    const browser = new CookieBrowser();
    const login = await browser.follow(await browser.get(authorizeUrl(gateway, flow)), gateway);
    const uid = new URL(login.url).pathname;
    const csrf = csrfOf(await login.response.text());
    const wrongPassword = await browser.postForm(`${gateway}${uid}/login`, {
      email: user.email,
      password: 'nope',
      csrf,
    });
    expect(wrongPassword.status).toBe(401);
    expect(await wrongPassword.text()).toContain('Email or password is incorrect.');
  });

  it('should advertise and accept only the authorization code grant (OAuth 2.1: no implicit, no id_token)', async () => {
    const metadata = await request(gateway).get('/.well-known/oauth-authorization-server/oauth').expect(200);
    expect(metadata.body.response_types_supported).toEqual(['code']);
    expect([...(metadata.body.grant_types_supported as string[])].sort()).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    for (const body of [
      { grant_types: ['implicit'], response_types: ['id_token'] },
      { grant_types: ['implicit'] },
      { response_types: ['code id_token'] },
      { response_types: ['id_token'] },
      { grant_types: ['authorization_code', 'implicit'], response_types: ['code'] },
    ]) {
      const res = await request(gateway)
        .post('/oauth/reg')
        .send({ redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'none', ...body });
      expect({ body, status: res.status, error: res.body.error }).toEqual({
        body,
        status: 400,
        error: 'invalid_client_metadata',
      });
    }
    for (const responseType of ['id_token', 'code id_token', 'token']) {
      const outcome = await authorizeOutcome(authorizeUrl(gateway, flow, { response_type: responseType }));
      // A response type with a token answers in the fragment by default.
      const answer = new URLSearchParams(outcome.location?.hash.slice(1) || outcome.location?.search);
      expect({ responseType, error: answer.get('error') }).toEqual({
        responseType,
        error: 'unsupported_response_type',
      });
    }
  });
});

describeE2e('MCP over OAuth 2.1: login form limits', () => {
  const LIMIT = 3;
  let platform: Platform;
  let gateway: string;
  let user: AccountFixture;
  let flow: Flow;
  let ipCounter = 0;
  const nextIp = () => `203.0.113.${(ipCounter += 1)}`;

  beforeAll(async () => {
    // The limits of POST /v1/auth/login, low; one proxy hop trusted so the test speaks for several addresses.
    platform = await startPlatform({ env: { AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY_HOPS: '1' } });
    gateway = platform.gatewayUrl;
    user = await createAccount(platform);
    const registered = await register(gateway).expect(201);
    flow = { clientId: registered.body.client_id as string, verifier: randomBytes(32).toString('base64url') };
  });

  afterAll(() => platform?.close());

  /** A browser at the login form of a fresh authorization request. */
  async function loginForm(): Promise<{ post: (form: Record<string, string>, ip: string) => Promise<Response> }> {
    const browser = new CookieBrowser();
    const login = await browser.follow(await browser.get(authorizeUrl(gateway, flow)), gateway);
    const uid = new URL(login.url).pathname;
    const csrf = csrfOf(await login.response.text());
    return {
      post: (form, ip) => browser.postForm(`${gateway}${uid}/login`, { csrf, ...form }, { 'x-forwarded-for': ip }),
    };
  }

  async function expectLimitedPage(res: Response, heading: string): Promise<void> {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain(heading);
  }

  it('should let exactly the limit of guesses through from one IP, then answer a 429 page even to the right password', async () => {
    const form = await loginForm();
    const ip = nextIp();
    const guesses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => form.post({ email: `guess-${i}@example.com`, password: 'wrong' }, ip)),
    );
    const statuses = guesses.map((res) => res.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    for (const res of guesses.filter((r) => r.status === 429))
      await expectLimitedPage(res, 'Too many sign-in attempts');

    await expectLimitedPage(
      await form.post({ email: user.email, password: user.password }, ip),
      'Too many sign-in attempts',
    );
    // Another address is not affected: the user signs in and reaches the consent step.
    const signedIn = await form.post({ email: user.email, password: user.password }, nextIp());
    expect(signedIn.status).toBe(303);
  });

  it('should limit guesses at one account from many IPs, answering in Arabic on the Arabic form', async () => {
    const victim = await createAccount(platform, { name: 'حساب مستهدف' });
    const form = await loginForm();
    const guesses = await Promise.all(
      Array.from({ length: 5 }, () => form.post({ email: victim.email, password: 'wrong', lang: 'ar' }, nextIp())),
    );
    expect(guesses.map((res) => res.status).sort()).toEqual([401, 401, 401, 429, 429]);
    const limited = guesses.find((res) => res.status === 429) as Response;
    const page = await limited.clone().text();
    expect(page).toContain('lang="ar" dir="rtl"');
    await expectLimitedPage(limited, 'محاولات تسجيل دخول كثيرة');
  });
});
