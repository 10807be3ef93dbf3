import http from 'node:http';
import * as oauth from 'oauth4webapi';
import request from 'supertest';
import { publishedListing, setPhone } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { createAccount, createMember } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { describeDistributed, describeE2e } from '../harness/mode';
import { TEST_REDIRECT_URI, approve, authorizeMcpClient } from '../harness/oauth-client';
import { sharedPlatform, startPlatform } from '../harness/platform';
import type { Platform, Replica } from '../harness/platform';
import { startRoundRobinProxy } from '../harness/round-robin-proxy';
import type { RoundRobinProxy } from '../harness/round-robin-proxy';

/**
 * OAuth access tokens on the REST API (spec 5.6: inquiries accept OAuth, bookings a Bearer
 * token), driven by a standard OAuth client library (oauth4webapi): protected-resource and
 * authorization-server discovery, dynamic registration, PKCE, the user's login and consent,
 * the code exchange, the buyer routes within the granted scopes, refusals everywhere else,
 * refresh, and RFC 7009 revocation (within 5 s across two gateway replicas).
 */

const REST_SCOPES = ['inquiries', 'bookings', 'saved_properties', 'saved_searches', 'reveal_phone'];
const QUESTION_AR = 'هل الشقة ما زالت متاحة؟ وهل يشمل السعر موقف السيارة؟';
const insecure = { [oauth.allowInsecureRequests]: true } as const;

/**
 * oauth4webapi's transport (its `customFetch`): the request goes to `address` while keeping the
 * Host of the URL the client library asked for, which the token's audience is bound to (fetch
 * cannot set Host). REST calls go through the platform's contract proxy this way (every answer
 * checked against the OpenAPI document); the replica test pins requests to one gateway.
 */
function sentThrough(address: string): (url: string, init: RequestInit) => Promise<Response> {
  const proxy = new URL(address);
  return (url, init) => {
    const target = new URL(url);
    const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers).entries());
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: proxy.hostname,
          port: proxy.port,
          method: init.method ?? 'GET',
          path: target.pathname + target.search,
          headers: { ...headers, host: target.host },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const status = incoming.statusCode ?? 502;
            const answer = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (value !== undefined) answer.set(name, Array.isArray(value) ? value.join(', ') : value);
            }
            resolve(new Response(status === 204 ? null : Buffer.concat(chunks), { status, headers: answer }));
          });
        },
      );
      outgoing.on('error', reject);
      const body = init.body instanceof URLSearchParams ? init.body.toString() : init.body;
      if (init.body instanceof URLSearchParams && !headers['content-type']) {
        outgoing.setHeader('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
      }
      outgoing.end(typeof body === 'string' ? body : undefined);
    });
  };
}

interface RestAnswer {
  status: number;
  body: Record<string, unknown>;
  /** The parsed `WWW-Authenticate` challenge of a refusal, as the client library reads it. */
  challenge?: oauth.WWWAuthenticateChallenge;
}

/** One REST call with the access token, as the client library makes it. */
async function callRest(
  gateway: string,
  transport: (url: string, init: RequestInit) => Promise<Response>,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<RestAnswer> {
  const headers = new Headers({ accept: 'application/json' });
  if (body !== undefined) headers.set('content-type', 'application/json');
  const json = async (response: Response) => {
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };
  try {
    const response = await oauth.protectedResourceRequest(
      token,
      method,
      new URL(path, gateway),
      headers,
      body === undefined ? null : JSON.stringify(body),
      { ...insecure, [oauth.customFetch]: transport },
    );
    return { status: response.status, body: await json(response) };
  } catch (error) {
    if (!(error instanceof oauth.WWWAuthenticateChallengeError)) throw error;
    return { status: error.status, body: await json(error.response), challenge: error.cause[0] };
  }
}

/** A registered public client and the discovered authorization server, as the library keeps them. */
interface RegisteredClient {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
}

async function discoverAndRegister(gateway: string, name: string, scope: string): Promise<RegisteredClient> {
  const resource = await oauth.processResourceDiscoveryResponse(
    new URL(`${gateway}/v1`),
    await oauth.resourceDiscoveryRequest(new URL(`${gateway}/v1`), insecure),
  );
  const issuer = new URL(resource.authorization_servers?.[0] as string);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }),
  );
  const client = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: name,
        redirect_uris: [TEST_REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        scope,
      },
      insecure,
    ),
  );
  return { as, client };
}

/** Authorize (PKCE S256, resource /v1), sign in and allow in the user's browser, exchange the code. */
async function authorizeRest(
  gateway: string,
  { as, client }: RegisteredClient,
  user: AccountFixture,
  scope: string,
): Promise<{ tokens: oauth.TokenEndpointResponse; consentPage: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint as string);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: TEST_REDIRECT_URI,
    scope,
    resource: `${gateway}/v1`,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  }).toString();
  const approval = await approve(gateway, url, { email: user.email, password: user.password });
  const params = oauth.validateAuthResponse(as, client, new URL(approval.redirect), state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    TEST_REDIRECT_URI,
    verifier,
    { ...insecure, additionalParameters: { resource: `${gateway}/v1` } },
  );
  return {
    tokens: await oauth.processAuthorizationCodeResponse(as, client, response),
    consentPage: approval.consentPage,
  };
}

async function revoke({ as, client }: RegisteredClient, token: string, transport?: typeof fetch): Promise<void> {
  const response = await oauth.revocationRequest(as, client, oauth.None(), token, {
    ...insecure,
    ...(transport ? { [oauth.customFetch]: transport } : {}),
  });
  expect(response.status).toBe(200);
  await oauth.processRevocationResponse(response);
}

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
const mcpHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2025-06-18',
});

/** A start well in the future, on a whole hour, unique per call. */
let slotCounter = 0;
function futureStart(): string {
  slotCounter += 1;
  return new Date(Date.UTC(2031, 2, 1, 6, 0) + slotCounter * 3_600_000).toISOString();
}

describeE2e('OAuth access tokens on the REST API (oauth4webapi)', () => {
  let platform: Platform;
  let gateway: string;
  let rest: (token: string, method: string, path: string, body?: unknown) => Promise<RestAnswer>;
  /** The seller's workspace: its listing is what the OAuth user inquires about and books. */
  let seller: MemberFixture;
  let listingId: string;

  async function openSlot(): Promise<string> {
    const startsAt = futureStart();
    await request(platform.baseUrl)
      .post('/v1/workspace/slots')
      .set('authorization', `Bearer ${seller.token}`)
      .send({ property_id: listingId, starts_at: startsAt })
      .expect(201);
    return startsAt;
  }

  beforeAll(async () => {
    platform = await sharedPlatform();
    gateway = platform.gatewayUrl;
    const transport = sentThrough(platform.baseUrl);
    rest = (token, method, path, body) => callRest(gateway, transport, token, method, path, body);
    seller = await createMember(platform, { role: 'owner', name: 'مكتب الوسيط' });
    await setPhone(platform, seller.accountId, '+966501112233');
    listingId = await publishedListing(platform, { workspaceId: seller.workspaceId, createdBy: seller.accountId });
  });

  afterAll(() => platform?.close());

  it('should publish the REST API as a protected resource, and an authorization server of the code grant only', async () => {
    const res = await request(gateway).get('/.well-known/oauth-protected-resource/v1').expect(200);
    expect(res.body).toMatchObject({
      resource: `${gateway}/v1`,
      authorization_servers: [`${gateway}/oauth`],
      scopes_supported: REST_SCOPES,
      bearer_methods_supported: ['header'],
    });
    const { as } = await discoverAndRegister(gateway, 'Discovery check', 'inquiries');
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['mcp', ...REST_SCOPES]));
    expect(as.response_types_supported).toEqual(['code']);
    expect([...(as.grant_types_supported ?? [])].sort()).toEqual(['authorization_code', 'refresh_token']);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);

    // The OpenAPI document says which operations take the token, with which scope.
    const document = (await request(gateway).get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, { type: string; flows?: unknown }> };
    };
    const securityOf = (path: string, method: string) => document.paths[path][method].security;
    expect(securityOf('/v1/inquiries', 'post')).toContainEqual({ oauth2: ['inquiries'] });
    expect(securityOf('/v1/bookings', 'get')).toContainEqual({ oauth2: ['bookings'] });
    expect(securityOf('/v1/me/saved-properties', 'post')).toContainEqual({ oauth2: ['saved_properties'] });
    expect(securityOf('/v1/me/saved-searches', 'post')).toContainEqual({ oauth2: ['saved_searches'] });
    expect(securityOf('/v1/properties/{id}/reveal-phone', 'post')).toContainEqual({ oauth2: ['reveal_phone'] });
    expect(JSON.stringify(securityOf('/v1/workspace/api-keys', 'post'))).not.toContain('oauth2');
    expect(document.components.securitySchemes.oauth2).toMatchObject({
      type: 'oauth2',
      flows: {
        authorizationCode: { scopes: Object.fromEntries(REST_SCOPES.map((scope) => [scope, expect.any(String)])) },
      },
    });
  });

  it('should act for the user on the buyer routes within the consented scopes, and nowhere else', async () => {
    // A broker owner: over its own sign-in it may manage keys, team and billing; an app it connects may not.
    const user = await createMember(platform, { role: 'owner', name: 'نورة العتيبي' });
    await setPhone(platform, user.accountId, '+966551234567');
    const scope = 'inquiries bookings saved_properties';
    const registered = await discoverAndRegister(gateway, 'تطبيق البحث عن سكن', scope);
    const { tokens, consentPage } = await authorizeRest(gateway, registered, user, scope);

    // The consent page lists the scopes asked for, not the role's REST powers or the MCP tools.
    expect(consentPage).toContain('Send inquiries to brokers, read your inquiry threads and write in them');
    expect(consentPage).toContain('Book property viewings');
    expect(consentPage).toContain('See, save and remove your saved properties');
    expect(consentPage).not.toContain('Reveal a listing broker');
    expect(consentPage).not.toContain('API keys');
    expect(consentPage).not.toContain('MCP server');
    expect(claimsOf(tokens.access_token)).toMatchObject({
      aud: `${gateway}/v1`,
      iss: `${gateway}/oauth`,
      sub: user.accountId,
      scope,
      client_id: registered.client.client_id,
    });
    const token = tokens.access_token;

    // inquiries: ask in Arabic, list, follow up
    const asked = await rest(token, 'POST', '/v1/inquiries', { property_id: listingId, question: QUESTION_AR });
    expect(asked.status).toBe(201);
    const inquiry = asked.body.inquiry as { id: string };
    expect(asked.body.inquiry).toMatchObject({
      property_id: listingId,
      user_id: user.accountId,
      question: QUESTION_AR,
    });
    const mine = await rest(token, 'GET', '/v1/inquiries?as=buyer');
    expect(mine.status).toBe(200);
    expect((mine.body.data as { id: string }[]).map((row) => row.id)).toContain(inquiry.id);
    const followUp = await rest(token, 'POST', `/v1/inquiries/${inquiry.id}/messages`, {
      body: 'متى يمكنني المعاينة؟',
    });
    expect(followUp.status).toBe(201);
    const thread = await request(platform.baseUrl)
      .get(`/v1/inquiries/${inquiry.id}`)
      .set('authorization', `Bearer ${seller.token}`)
      .expect(200);
    expect(JSON.stringify(thread.body)).toContain('متى يمكنني المعاينة؟'); // the broker sees the app's message

    // saved properties
    expect((await rest(token, 'POST', '/v1/me/saved-properties', { property_id: listingId })).status).toBe(201);
    const saved = await rest(token, 'GET', '/v1/me/saved-properties');
    expect((saved.body.data as { property: { id: string } }[]).map((row) => row.property.id)).toEqual([listingId]);

    // bookings
    const startsAt = await openSlot();
    const booked = await rest(token, 'POST', '/v1/bookings', { property_id: listingId, scheduled_at: startsAt });
    expect(booked.status).toBe(201);
    const bookings = await rest(token, 'GET', '/v1/bookings?as=buyer');
    expect((bookings.body.data as { scheduled_at: string }[]).map((row) => row.scheduled_at)).toContain(startsAt);

    // A buyer route whose scope was not granted: 403 insufficient_scope naming the scope (RFC 6750).
    const reveal = await rest(token, 'POST', `/v1/properties/${listingId}/reveal-phone`);
    expect(reveal).toMatchObject({
      status: 403,
      body: { error: 'insufficient_scope', message: expect.stringContaining('reveal_phone') },
      challenge: {
        scheme: 'bearer',
        parameters: {
          error: 'insufficient_scope',
          scope: 'reveal_phone',
          resource_metadata: `${gateway}/.well-known/oauth-protected-resource/v1`,
        },
      },
    });

    // Key, team, billing, moderation, decisions, the account itself: never with an OAuth token.
    const keysBefore = await request(platform.baseUrl)
      .get('/v1/workspace/api-keys')
      .set('authorization', `Bearer ${user.token}`)
      .expect(200);
    for (const [method, path, body] of [
      ['GET', '/v1/workspace/api-keys', undefined],
      ['POST', '/v1/workspace/api-keys', { label: 'from an app' }],
      ['GET', '/v1/workspace/members', undefined],
      ['POST', '/v1/workspace/invitations', { email: 'invitee@example.com', role: 'admin' }],
      ['GET', '/v1/workspace/balance', undefined],
      ['POST', '/v1/workspace/decision-packs', { pack: 'starter' }],
      ['GET', '/v1/workspace/webhooks', undefined],
      ['GET', '/v1/moderation/listings', undefined],
      ['GET', '/v1/me', undefined],
      ['GET', '/v1/me/connected-apps', undefined],
    ] as const) {
      const refused = await rest(token, method, path, body);
      expect({ method, path, refused }).toMatchObject({
        method,
        path,
        refused: {
          status: 403,
          body: { error: 'insufficient_scope', code: 'FORBIDDEN', message: expect.stringContaining('buyer routes') },
          challenge: { parameters: { error: 'insufficient_scope' } },
        },
      });
      expect(refused.challenge?.parameters.scope).toBeUndefined(); // no scope would do
    }
    const keysAfter = await request(platform.baseUrl)
      .get('/v1/workspace/api-keys')
      .set('authorization', `Bearer ${user.token}`)
      .expect(200);
    expect(keysAfter.body).toEqual(keysBefore.body); // nothing was created
  });

  it('should keep a /mcp token off the REST API and a REST token off /mcp', async () => {
    const user = await createAccount(platform, { name: 'خالد' });
    const scope = 'inquiries';
    const registered = await discoverAndRegister(gateway, 'REST app', scope);
    const restToken = (await authorizeRest(gateway, registered, user, scope)).tokens.access_token;
    const mcpToken = (await authorizeMcpClient(gateway, user)).saved?.access_token as string;
    await request(gateway).post('/mcp').set(mcpHeaders(mcpToken)).send(listTools).expect(200);
    expect((await rest(restToken, 'GET', '/v1/inquiries')).status).toBe(200);

    const mcpOnRest = await rest(mcpToken, 'GET', '/v1/inquiries');
    expect(mcpOnRest).toMatchObject({
      status: 401,
      body: { error: 'invalid_token', message: expect.stringContaining(`resource=${gateway}/v1`) },
      challenge: {
        parameters: {
          error: 'invalid_token',
          resource_metadata: `${gateway}/.well-known/oauth-protected-resource/v1`,
        },
      },
    });
    const restOnMcp = await request(gateway).post('/mcp').set(mcpHeaders(restToken)).send(listTools).expect(401);
    expect(restOnMcp.body).toMatchObject({ error: 'invalid_token', message: expect.stringContaining('/mcp') });
    expect(restOnMcp.headers['www-authenticate']).toContain(
      `resource_metadata="${gateway}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('should refresh a REST token with rotation, for the same audience and scopes', async () => {
    const user = await createAccount(platform);
    const scope = 'saved_properties reveal_phone';
    const registered = await discoverAndRegister(gateway, 'Refreshing app', scope);
    const { tokens } = await authorizeRest(gateway, registered, user, scope);
    const response = await oauth.refreshTokenGrantRequest(
      registered.as,
      registered.client,
      oauth.None(),
      tokens.refresh_token as string,
      { ...insecure, additionalParameters: { resource: `${gateway}/v1` } },
    );
    const refreshed = await oauth.processRefreshTokenResponse(registered.as, registered.client, response);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(claimsOf(refreshed.access_token)).toMatchObject({ aud: `${gateway}/v1`, scope });
    const phone = await rest(refreshed.access_token, 'POST', `/v1/properties/${listingId}/reveal-phone`);
    expect(phone).toMatchObject({ status: 200, body: { phone: '+966501112233' } });
  });

  it('should refuse a revoked access token at once on REST and /mcp, while the connection and its refresh token live on', async () => {
    const user = await createAccount(platform, { name: 'ريم' });
    const scope = 'inquiries';
    const registered = await discoverAndRegister(gateway, 'Revoking app', scope);
    const { tokens } = await authorizeRest(gateway, registered, user, scope);
    expect((await rest(tokens.access_token, 'GET', '/v1/inquiries')).status).toBe(200);

    // Another client cannot revoke it (RFC 7009: 200, and the token is untouched).
    const stranger = await discoverAndRegister(gateway, 'Stranger', scope);
    await revoke(stranger, tokens.access_token);
    expect((await rest(tokens.access_token, 'GET', '/v1/inquiries')).status).toBe(200);

    await revoke(registered, tokens.access_token);
    const refused = await rest(tokens.access_token, 'GET', '/v1/inquiries');
    expect(refused).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    await revoke(registered, tokens.access_token); // revoking twice is still 200

    // Only that token: the refresh token still gives a working one.
    const renewed = await oauth.processRefreshTokenResponse(
      registered.as,
      registered.client,
      await oauth.refreshTokenGrantRequest(
        registered.as,
        registered.client,
        oauth.None(),
        tokens.refresh_token as string,
        {
          ...insecure,
          additionalParameters: { resource: `${gateway}/v1` },
        },
      ),
    );
    expect((await rest(renewed.access_token, 'GET', '/v1/inquiries')).status).toBe(200);

    // The same for an MCP client's token at /mcp (the SDK's client, revoked with the library).
    const mcp = await authorizeMcpClient(gateway, user);
    const mcpToken = mcp.saved?.access_token as string;
    await request(gateway).post('/mcp').set(mcpHeaders(mcpToken)).send(listTools).expect(200);
    await revoke({ as: registered.as, client: { client_id: mcp.information?.client_id as string } }, mcpToken);
    const mcpRefused = await request(gateway).post('/mcp').set(mcpHeaders(mcpToken)).send(listTools).expect(401);
    expect(mcpRefused.headers['www-authenticate']).toContain('error="invalid_token"');
    const stored = await withClient(platform.databaseUrl, (db) =>
      db.query<{ n: string }>(
        `SELECT count(*) AS n FROM identity.oauth_models WHERE kind = 'RevokedAccessToken' AND account_id = $1`,
        [user.accountId],
      ),
    );
    expect(Number(stored.rows[0].n)).toBe(2);
  });
});

describeDistributed('OAuth access-token revocation across two gateway replicas', () => {
  let platform: Platform;
  let replica: Replica;
  let balancer: RoundRobinProxy;

  beforeAll(async () => {
    platform = await startPlatform();
    replica = await platform.startReplica('gateway');
    balancer = await startRoundRobinProxy([platform.gatewayUrl, replica.url]);
  }, 240_000); // a platform of its own and a second gateway process

  afterAll(async () => {
    await balancer?.close();
    await platform?.close();
  });

  /** A client library's transport pinned to one replica, keeping the balancer's Host (the tokens' audience). */
  const pinnedTo = (replicaUrl: string) => sentThrough(replicaUrl);

  it('should refuse a revoked REST and /mcp token on the other replica within 5 seconds', async () => {
    const origin = balancer.url;
    const user = await createAccount(platform, { name: 'مستخدم النسخ المتعددة' });
    await setPhone(platform, user.accountId, '+966559876543');
    const scope = 'inquiries';
    const registered = await discoverAndRegister(origin, 'Replicated app', scope);
    const { tokens } = await authorizeRest(origin, registered, user, scope);
    const mcp = await authorizeMcpClient(origin, user);
    const mcpToken = mcp.saved?.access_token as string;
    const [first, second] = [pinnedTo(platform.gatewayUrl), pinnedTo(replica.url)];
    const restOn = (transport: typeof first, token: string) =>
      callRest(origin, transport, token, 'GET', '/v1/inquiries');
    const mcpOn = async (transport: typeof first, token: string) =>
      (
        await transport(`${origin}/mcp`, {
          method: 'POST',
          headers: mcpHeaders(token),
          body: JSON.stringify(listTools),
        })
      ).status;
    for (const transport of [first, second]) {
      expect((await restOn(transport, tokens.access_token)).status).toBe(200);
      expect(await mcpOn(transport, mcpToken)).toBe(200);
    }

    // Revoked through the first replica, refused by the second.
    const revokedAt = Date.now();
    await revoke(registered, tokens.access_token, first as typeof fetch);
    await revoke(
      { as: registered.as, client: { client_id: mcp.information?.client_id as string } },
      mcpToken,
      first as typeof fetch,
    );
    let restDelay = -1;
    let mcpDelay = -1;
    while (Date.now() - revokedAt < 10_000 && (restDelay < 0 || mcpDelay < 0)) {
      if (restDelay < 0 && (await restOn(second, tokens.access_token)).status === 401)
        restDelay = Date.now() - revokedAt;
      if (mcpDelay < 0 && (await mcpOn(second, mcpToken)) === 401) mcpDelay = Date.now() - revokedAt;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.info(
      `Revoked OAuth tokens refused by the other replica after ${restDelay} ms (REST), ${mcpDelay} ms (/mcp)`,
    );
    expect(restDelay).toBeGreaterThanOrEqual(0);
    expect(restDelay).toBeLessThan(5000);
    expect(mcpDelay).toBeGreaterThanOrEqual(0);
    expect(mcpDelay).toBeLessThan(5000);
    expect((await restOn(first, tokens.access_token)).status).toBe(401);
  });
});
