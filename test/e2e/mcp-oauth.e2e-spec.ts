import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import request from 'supertest';
import { withClient } from '../harness/databases';
import { createAccount, createMember } from '../harness/identity-fixtures';
import type { AccountFixture } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { TestOAuthClient, approve } from '../harness/oauth-client';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/** The assistant's side: the SDK client over Streamable HTTP with our OAuth client provider. */
function connectClient(gateway: string, oauth: TestOAuthClient) {
  const transport = new StreamableHTTPClientTransport(new URL(`${gateway}/mcp`), { authProvider: oauth });
  const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
  return { client, transport };
}

/** 401 → metadata → registration → authorize (PKCE) → login → consent → token: a connected client. */
async function connectWithOAuth(gateway: string, user: AccountFixture, oauth = new TestOAuthClient()) {
  const first = connectClient(gateway, oauth);
  await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(oauth.authorizationUrl).toBeDefined();
  const approval = await approve(gateway, oauth.authorizationUrl as URL, {
    email: user.email,
    password: user.password,
  });
  expect(approval.code).toBeTruthy();
  await first.transport.finishAuth(approval.code as string);
  const second = connectClient(gateway, oauth);
  await second.client.connect(second.transport);
  return { client: second.client, oauth, approval };
}

const grantRows = (platform: Platform, accountId: string) =>
  withClient(platform.databaseUrl, (db) =>
    db.query<{ id: string }>(`SELECT id FROM identity.oauth_models WHERE kind = 'Grant' AND account_id = $1`, [
      accountId,
    ]),
  ).then((result) => result.rows);

describeE2e('MCP over OAuth 2.1: the SDK client end to end', () => {
  let platform: Platform;
  let gateway: string;

  beforeAll(async () => {
    platform = await sharedPlatform();
    gateway = platform.gatewayUrl;
  });

  afterAll(() => platform?.close());

  it('should answer 401 with the protected-resource metadata URL when no token is sent', async () => {
    const res = await request(gateway).post('/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }).expect(401);
    expect(res.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${gateway}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(res.body).toMatchObject({ error: 'unauthorized' });
  });

  it('should publish protected-resource and authorization-server metadata at both well-known paths', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await request(gateway).get(path).expect(200);
      expect(res.body).toMatchObject({
        resource: `${gateway}/mcp`,
        authorization_servers: [`${gateway}/oauth`],
        scopes_supported: ['mcp'],
      });
    }
    for (const path of ['/.well-known/oauth-authorization-server/oauth', '/.well-known/oauth-authorization-server']) {
      const res = await request(gateway).get(path).expect(200);
      expect(res.body).toMatchObject({
        issuer: `${gateway}/oauth`,
        authorization_endpoint: `${gateway}/oauth/auth`,
        token_endpoint: `${gateway}/oauth/token`,
        registration_endpoint: `${gateway}/oauth/reg`,
        revocation_endpoint: `${gateway}/oauth/token/revocation`,
        code_challenge_methods_supported: ['S256'],
        response_types_supported: ['code'],
      });
      expect(res.body.grant_types_supported).not.toContain('implicit');
      // No DPoP (oidc-provider 9 enables it by default): /mcp checks bearer tokens only.
      expect(res.body).not.toHaveProperty('dpop_signing_alg_values_supported');
    }
  });

  it('should connect, list and call tools, rotate the refresh token, and revoke the grant on its replay', async () => {
    const broker = await createMember(platform, { role: 'admin', name: 'وسيط الاختبار' });
    const { client, oauth, approval } = await connectWithOAuth(gateway, broker);
    expect(approval.loginPage).toContain('Test assistant');
    expect(oauth.saved?.refresh_token).toBeTruthy();

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['whoami', 'broker_list_properties', 'decide_property']),
    );
    const whoami = await client.callTool({ name: 'whoami', arguments: {} });
    expect(whoami.structuredContent).toMatchObject({
      name: 'وسيط الاختبار',
      account_id: broker.accountId,
      account_role: 'broker',
      workspace_id: broker.workspaceId,
      workspace_role: 'admin',
    });

    // The token is a JWT for the /mcp audience only.
    const accessToken = oauth.saved?.access_token as string;
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      aud: `${gateway}/mcp`,
      iss: `${gateway}/oauth`,
      sub: broker.accountId,
      scope: 'mcp',
    });

    // Refresh with rotation: a new refresh token, the old one spent.
    const firstRefresh = oauth.saved?.refresh_token as string;
    // Stored as its hash only: nothing in the table could be replayed.
    const leaked = await withClient(platform.databaseUrl, (db) =>
      db.query(`SELECT kind FROM identity.oauth_models WHERE id = $1 OR strpos(payload::text, $1) > 0`, [firstRefresh]),
    );
    expect(leaked.rows).toEqual([]);
    const hashed = await withClient(platform.databaseUrl, (db) =>
      db.query(`SELECT kind FROM identity.oauth_models WHERE id = $1`, [
        createHash('sha256').update(firstRefresh).digest('hex'),
      ]),
    );
    expect(hashed.rows).toEqual([{ kind: 'RefreshToken' }]);
    const clientId = oauth.information?.client_id as string;
    const refreshed = await refresh(gateway, clientId, firstRefresh);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(firstRefresh);
    const rotatedAccess = refreshed.body.access_token as string;
    await request(gateway).post('/mcp').set(mcpHeaders(rotatedAccess)).send(listTools).expect(200);

    // The spent token replayed: refused, and the whole grant revoked (the fresh access token too).
    const replay = await refresh(gateway, clientId, firstRefresh);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    expect(await grantRows(platform, broker.accountId)).toHaveLength(0);
    const afterReplay = await request(gateway).post('/mcp').set(mcpHeaders(rotatedAccess)).send(listTools);
    expect(afterReplay.status).toBe(401);
    expect((await refresh(gateway, clientId, refreshed.body.refresh_token as string)).status).toBe(400);
  });

  it('should refuse a tool outside the role with one JSON-RPC -32602 error, its message prefixed once', async () => {
    const buyer = await createAccount(platform, { name: 'مشتري فضولي' });
    const { client } = await connectWithOAuth(gateway, buyer);
    const refused = await client.callTool({ name: 'broker_list_properties', arguments: {} }).catch((e: Error) => e);
    expect(refused).toMatchObject({
      code: -32602,
      message: 'MCP error -32602: Tool broker_list_properties not found',
    });
  });

  it('should list the connected app and stop its tokens at once when the user disconnects it', async () => {
    const buyer = await createAccount(platform, { name: 'مشتري' });
    const { client, oauth } = await connectWithOAuth(gateway, buyer, new TestOAuthClient('مساعد عقاري'));
    await client.listTools();
    const clientId = oauth.information?.client_id as string;

    const listed = await request(platform.baseUrl)
      .get('/v1/me/connected-apps')
      .set('authorization', `Bearer ${buyer.token}`)
      .expect(200);
    expect(listed.body).toMatchObject({
      object: 'list',
      total: 1,
      data: [{ object: 'connected_app', client_id: clientId, client_name: 'مساعد عقاري', scopes: ['mcp'] }],
    });

    const other = await createAccount(platform);
    await request(platform.baseUrl)
      .delete(`/v1/me/connected-apps/${clientId}`)
      .set('authorization', `Bearer ${other.token}`)
      .expect(404);
    await request(platform.baseUrl)
      .delete(`/v1/me/connected-apps/${clientId}`)
      .set('authorization', `Bearer ${buyer.token}`)
      .expect(204);

    const res = await request(gateway)
      .post('/mcp')
      .set(mcpHeaders(oauth.saved?.access_token as string))
      .send(listTools);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    expect((await refresh(gateway, clientId, oauth.saved?.refresh_token as string)).status).toBe(400);
    const after = await request(platform.baseUrl)
      .get('/v1/me/connected-apps')
      .set('authorization', `Bearer ${buyer.token}`)
      .expect(200);
    expect(after.body).toMatchObject({ total: 0, data: [] });
  });
});

const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

function mcpHeaders(token: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    'mcp-protocol-version': '2025-06-18',
  };
}

function refresh(gateway: string, clientId: string, refreshToken: string) {
  return request(gateway)
    .post('/oauth/token')
    .type('form')
    .send({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
      resource: `${gateway}/mcp`,
    });
}
