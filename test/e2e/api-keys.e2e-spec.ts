import { createHash, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Client } from 'pg';
import request from 'supertest';
import { describeDistributed, describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const SECRET = /sk-[A-Za-z0-9_-]{43}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** API_KEY_CACHE_MS (2 s) and a margin: the longest a replica trusts a key it verified. */
const PAST_CACHE_MS = 2100;
const KEYS = '/v1/workspace/api-keys';

type WorkspaceKind = 'company' | 'individual' | 'developer';
type Role = 'owner' | 'admin' | 'agent';

interface Member {
  id: string;
  token: string;
}

interface Team {
  workspaceId: string;
  owner: Member;
  admin: Member;
  agent: Member;
}

/**
 * Fixtures straight into the identity schema, and access tokens signed as the gateway signs
 * them, so these tests do not wait for sign-up, login and invitations.
 */
class Fixtures {
  constructor(private readonly db: Client) {}

  async team(kind: WorkspaceKind = 'company'): Promise<Team> {
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO identity.workspaces (name, kind, broker_kind) VALUES ($1, $2, $3) RETURNING id`,
      [
        `Test ${kind} ${randomUUID()}`,
        kind === 'developer' ? 'developer' : 'broker',
        kind === 'developer' ? null : kind,
      ],
    );
    const workspaceId = rows[0].id;
    const member = async (role: Role): Promise<Member> => {
      const id = await this.account(kind === 'developer' ? 'developer' : 'broker', kind === 'developer' ? null : kind);
      await this.db.query(`INSERT INTO identity.memberships (workspace_id, account_id, role) VALUES ($1, $2, $3)`, [
        workspaceId,
        id,
        role,
      ]);
      return { id, token: accessToken(id) };
    };
    return { workspaceId, owner: await member('owner'), admin: await member('admin'), agent: await member('agent') };
  }

  /** An account with no workspace (a buyer). */
  async buyer(): Promise<Member> {
    const id = await this.account('buyer', null);
    return { id, token: accessToken(id) };
  }

  private async account(role: string, brokerKind: string | null): Promise<string> {
    const email = `${randomUUID()}@example.com`;
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO identity.accounts (email, email_normalized, password_hash, name, role, broker_kind)
       VALUES ($1, $1, 'not-a-real-hash', 'Test account', $2, $3) RETURNING id`,
      [email, role, brokerKind],
    );
    return rows[0].id;
  }
}

/** As AccessTokensService signs: HS256 with the run's first key, 15 minutes. */
function accessToken(accountId: string): string {
  const pair = process.env.JWT_SIGNING_KEYS?.split(',')[0];
  if (!pair) throw new Error('JWT_SIGNING_KEYS is not visible to the test process');
  const index = pair.indexOf(':');
  const kid = pair.slice(0, index);
  return jwt.sign({ sid: randomUUID() }, pair.slice(index + 1), {
    algorithm: 'HS256',
    header: { alg: 'HS256', typ: 'at+jwt', kid },
    issuer: 'property-decision-platform',
    audience: 'property-decision-api',
    subject: accountId,
    expiresIn: 900,
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the key is refused with 401 invalid_api_key; returns how long that took. */
async function untilRefused(baseUrl: string, secret: string, started = Date.now(), withinMs = 5000): Promise<number> {
  for (;;) {
    const res = await request(baseUrl).get(`${KEYS}/current`).set(bearer(secret));
    const elapsed = Date.now() - started;
    if (res.status === 401) {
      expect(res.body).toMatchObject({ error: 'invalid_api_key', code: 'INVALID_TOKEN' });
      return elapsed;
    }
    expect(res.status).toBe(200);
    if (elapsed > withinMs) throw new Error(`The key still worked after ${elapsed} ms`);
    await sleep(100);
  }
}

describeE2e('API keys', () => {
  let platform: Platform;
  let db: Client;
  let fixtures: Fixtures;

  beforeAll(async () => {
    platform = await startPlatform();
    db = new Client({ connectionString: platform.databaseUrl });
    await db.connect();
    fixtures = new Fixtures(db);
  });

  afterAll(async () => {
    await db?.end();
    await platform?.close();
  });

  async function createKey(member: Member, label = 'CRM sync'): Promise<{ id: string; secret: string }> {
    const res = await request(platform.baseUrl).post(KEYS).set(bearer(member.token)).send({ label }).expect(201);
    return res.body as { id: string; secret: string };
  }

  it('should create a key and show its secret once when an owner asks', async () => {
    const team = await fixtures.team();
    const before = Date.now();
    const res = await request(platform.baseUrl)
      .post(KEYS)
      .set(bearer(team.owner.token))
      .send({ label: 'CRM sync' })
      .expect(201);
    expect(res.body).toEqual({
      object: 'api_key',
      id: expect.stringMatching(UUID),
      label: 'CRM sync',
      prefix: res.body.secret.slice(0, 9),
      secret: expect.stringMatching(/^sk-[A-Za-z0-9_-]{43}$/),
      created_at: expect.any(String),
      created_by: team.owner.id,
      last_used_at: null,
      previous_expires_at: null,
    });
    expect(Date.parse(res.body.created_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('should accept an Arabic label when an admin of an individual broker creates a key', async () => {
    const team = await fixtures.team('individual');
    const label = 'مزامنة نظام العملاء';
    const res = await request(platform.baseUrl).post(KEYS).set(bearer(team.admin.token)).send({ label }).expect(201);
    expect(res.body).toMatchObject({ label, created_by: team.admin.id });
  });

  it('should answer 422 validation_error when the label is missing, empty or longer than 100 characters', async () => {
    const team = await fixtures.team();
    for (const body of [{}, { label: '' }, { label: '   ' }, { label: 'x'.repeat(101) }, { label: 42 }]) {
      const res = await request(platform.baseUrl).post(KEYS).set(bearer(team.owner.token)).send(body).expect(422);
      expect(res.body).toMatchObject({ error: 'validation_error', field: 'label' });
    }
    await request(platform.baseUrl)
      .post(KEYS)
      .set(bearer(team.owner.token))
      .send({ label: 'x'.repeat(100) })
      .expect(201);
  });

  it('should list the workspace keys without any secret when the workspace has keys', async () => {
    const team = await fixtures.team();
    const other = await fixtures.team();
    const first = await createKey(team.owner, 'first');
    const second = await createKey(team.admin, 'second');
    await createKey(other.owner, 'not theirs');

    const res = await request(platform.baseUrl).get(KEYS).set(bearer(team.admin.token)).expect(200);
    expect(res.body).toMatchObject({ object: 'list', total: 2 });
    expect(res.body.data.map((key: { id: string }) => key.id).sort()).toEqual([first.id, second.id].sort());
    for (const key of res.body.data) {
      expect(Object.keys(key).sort()).toEqual(
        ['object', 'id', 'label', 'prefix', 'created_at', 'created_by', 'last_used_at', 'previous_expires_at'].sort(),
      );
    }
    expect(JSON.stringify(res.body)).not.toMatch(SECRET);
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('should store only the sha256 of the secret when a key is created', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    const { rows } = await db.query(`SELECT * FROM identity.api_keys WHERE id = $1`, [key.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(key.secret);
    expect(JSON.stringify(rows[0])).not.toContain(key.secret.slice(9));
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(rows[0]).toMatchObject({ workspace_id: team.workspaceId, prefix: key.secret.slice(0, 9), revoked_at: null });
  });

  it('should act for its workspace and record its use when the key is sent', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    const current = await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(key.secret)).expect(200);
    expect(current.body).toMatchObject({ object: 'api_key', id: key.id, label: 'CRM sync' });
    expect(current.body.secret).toBeUndefined();

    let lastUsed: string | null = null;
    for (let i = 0; i < 30 && !lastUsed; i++) {
      const list = await request(platform.baseUrl).get(KEYS).set(bearer(team.owner.token)).expect(200);
      lastUsed = list.body.data[0].last_used_at;
      if (!lastUsed) await sleep(100);
    }
    expect(lastUsed).not.toBeNull();
  });

  it('should read the workspace with owner permissions when a key calls GET /v1/workspace', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    const res = await request(platform.baseUrl).get('/v1/workspace').set(bearer(key.secret));
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(team.workspaceId);
  });

  it('should answer 403 api_key_not_allowed naming the reason when a valid key creates, rotates or revokes a key', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    for (const call of [
      request(platform.baseUrl).post(KEYS).send({ label: 'by a key' }),
      request(platform.baseUrl).post(`${KEYS}/${key.id}/rotate`),
      request(platform.baseUrl).delete(`${KEYS}/${key.id}`),
    ]) {
      const res = await call.set(bearer(key.secret)).expect(403);
      expect(res.body).toMatchObject({ error: 'api_key_not_allowed', code: 'FORBIDDEN' });
      expect(res.body.message).toMatch(/created, rotated and revoked by a signed-in owner or admin/);
    }
    // Nothing changed: one key, still working, with its first secret.
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM identity.api_keys WHERE workspace_id = $1`, [
      team.workspaceId,
    ]);
    expect(rows[0].n).toBe(1);
    await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(key.secret)).expect(200);
  });

  it('should list the workspace keys without secrets when a key asks, as the owner would see them', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    await createKey(team.admin, 'مزامنة النظام');
    const res = await request(platform.baseUrl).get(KEYS).set(bearer(key.secret)).expect(200);
    expect(res.body.data.map((k: { label: string }) => k.label).sort()).toEqual(['CRM sync', 'مزامنة النظام'].sort());
    expect(JSON.stringify(res.body)).not.toMatch(SECRET);
  });

  it('should answer 403 api_key_not_allowed when a valid key transfers ownership, and leave the owner in place', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    const res = await request(platform.baseUrl)
      .post('/v1/workspace/ownership-transfer')
      .set(bearer(key.secret))
      .send({ member_id: team.admin.id })
      .expect(403);
    expect(res.body).toMatchObject({ error: 'api_key_not_allowed' });
    expect(res.body.message).toMatch(/Ownership is transferred by the signed-in owner/);
    const { rows } = await db.query(`SELECT role FROM identity.memberships WHERE account_id = $1`, [team.owner.id]);
    expect(rows[0].role).toBe('owner');
  });

  it("should answer 403 api_key_not_allowed, never 401, when a valid key calls a person's own account route", async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    for (const path of ['/v1/me', '/v1/me/saved-properties', '/v1/me/connected-apps']) {
      const res = await request(platform.baseUrl).get(path).set(bearer(key.secret)).expect(403);
      expect(res.body).toMatchObject({ error: 'api_key_not_allowed', code: 'FORBIDDEN' });
    }
  });

  it('should manage the team with owner permissions when a key lists members, invites, changes a role and removes one', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    const members = await request(platform.baseUrl).get('/v1/workspace/members').set(bearer(key.secret)).expect(200);
    expect(members.body.data).toHaveLength(3);
    const invited = await request(platform.baseUrl)
      .post('/v1/workspace/invitations')
      .set(bearer(key.secret))
      .send({ email: `${randomUUID()}@example.com`, role: 'agent' })
      .expect(201);
    const pending = await request(platform.baseUrl)
      .get('/v1/workspace/invitations')
      .set(bearer(key.secret))
      .expect(200);
    expect(pending.body.data.map((i: { id: string }) => i.id)).toContain(invited.body.id);
    const { rows } = await db.query(`SELECT invited_by FROM identity.invitations WHERE id = $1`, [invited.body.id]);
    expect(rows[0].invited_by).toBe(team.owner.id); // the key's creator
    await request(platform.baseUrl)
      .patch(`/v1/workspace/members/${team.agent.id}`)
      .set(bearer(key.secret))
      .send({ role: 'admin' })
      .expect(200);
    await request(platform.baseUrl)
      .delete(`/v1/workspace/members/${team.admin.id}`)
      .set(bearer(key.secret))
      .expect(204);
    const after = await request(platform.baseUrl).get('/v1/workspace/members').set(bearer(key.secret)).expect(200);
    expect(after.body.data.map((m: { id: string; role: string }) => [m.id, m.role]).sort()).toEqual(
      [
        [team.owner.id, 'owner'],
        [team.agent.id, 'admin'],
      ].sort(),
    );
  });

  it('should answer 401 invalid_api_key when a user token is sent to the key-only route', async () => {
    const team = await fixtures.team();
    const res = await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(team.owner.token)).expect(401);
    expect(res.body).toMatchObject({ error: 'invalid_api_key' });
  });

  it('should answer 401 unauthorized asking for an API key when the key-only route gets no credential', async () => {
    const res = await request(platform.baseUrl).get(`${KEYS}/current`).expect(401);
    expect(res.body).toMatchObject({ error: 'unauthorized', code: 'MISSING_TOKEN' });
    expect(res.body.message).toContain('API key');
  });

  it('should answer 401 unauthorized when no credential is sent', async () => {
    const res = await request(platform.baseUrl).get(KEYS).expect(401);
    expect(res.body).toMatchObject({ error: 'unauthorized', code: 'MISSING_TOKEN' });
  });

  it('should keep the old secret working for 24 hours and then refuse it when a key is rotated', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(key.secret)).expect(200);

    const before = Date.now();
    const res = await request(platform.baseUrl)
      .post(`${KEYS}/${key.id}/rotate`)
      .set(bearer(team.admin.token))
      .expect(200);
    expect(res.body).toMatchObject({ object: 'api_key', id: key.id, label: 'CRM sync' });
    expect(res.body.secret).toMatch(/^sk-[A-Za-z0-9_-]{43}$/);
    expect(res.body.secret).not.toBe(key.secret);
    expect(res.body.prefix).toBe(res.body.secret.slice(0, 9));
    const overlapEnd = Date.parse(res.body.previous_expires_at);
    expect(overlapEnd - before).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(overlapEnd - before).toBeLessThan(24 * 3600_000 + 60_000);

    // Right after rotation both secrets work.
    await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(key.secret)).expect(200);
    await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(res.body.secret)).expect(200);
    const list = await request(platform.baseUrl).get(KEYS).set(bearer(team.owner.token)).expect(200);
    expect(list.body.data[0]).toMatchObject({ id: key.id, previous_expires_at: res.body.previous_expires_at });
    expect(JSON.stringify(list.body)).not.toMatch(SECRET);

    // The 24 hours pass.
    await db.query(`UPDATE identity.api_keys SET previous_expires_at = now() - interval '1 second' WHERE id = $1`, [
      key.id,
    ]);
    await sleep(PAST_CACHE_MS);
    const old = await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(key.secret)).expect(401);
    expect(old.body).toMatchObject({ error: 'invalid_api_key', code: 'INVALID_TOKEN' });
    await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(res.body.secret)).expect(200);
  });

  it('should refuse the key within 5 seconds and hide it when it is revoked', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(key.secret)).expect(200);

    await request(platform.baseUrl).delete(`${KEYS}/${key.id}`).set(bearer(team.admin.token)).expect(204);
    expect(await untilRefused(platform.baseUrl, key.secret)).toBeLessThan(5000);

    const { rows } = await db.query(`SELECT revoked_at FROM identity.api_keys WHERE id = $1`, [key.id]);
    expect(rows[0].revoked_at).toBeInstanceOf(Date);
    const list = await request(platform.baseUrl).get(KEYS).set(bearer(team.owner.token)).expect(200);
    expect(list.body).toEqual({ object: 'list', data: [], total: 0 });
  });

  it('should answer 404 not_found when a revoked key is revoked or rotated again', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    await request(platform.baseUrl).delete(`${KEYS}/${key.id}`).set(bearer(team.owner.token)).expect(204);
    const again = await request(platform.baseUrl).delete(`${KEYS}/${key.id}`).set(bearer(team.owner.token)).expect(404);
    expect(again.body).toMatchObject({ error: 'not_found', code: 'NOT_FOUND' });
    await request(platform.baseUrl).post(`${KEYS}/${key.id}/rotate`).set(bearer(team.owner.token)).expect(404);
  });

  it("should answer 404 not_found when the key is another workspace's, unknown or malformed", async () => {
    const team = await fixtures.team();
    const other = await fixtures.team();
    const theirs = await createKey(other.owner);
    for (const id of [theirs.id, randomUUID(), 'not-a-uuid']) {
      const rotate = await request(platform.baseUrl)
        .post(`${KEYS}/${id}/rotate`)
        .set(bearer(team.owner.token))
        .expect(404);
      expect(rotate.body).toMatchObject({ error: 'not_found' });
      const revoke = await request(platform.baseUrl).delete(`${KEYS}/${id}`).set(bearer(team.owner.token)).expect(404);
      expect(revoke.body).toMatchObject({ error: 'not_found' });
    }
    // Their key is untouched.
    await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(theirs.secret)).expect(200);
  });

  it('should answer 403 forbidden on every key route when an agent calls', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    for (const call of [
      request(platform.baseUrl).get(KEYS),
      request(platform.baseUrl).post(KEYS).send({ label: 'by an agent' }),
      request(platform.baseUrl).post(`${KEYS}/${key.id}/rotate`),
      request(platform.baseUrl).delete(`${KEYS}/${key.id}`),
    ]) {
      const res = await call.set(bearer(team.agent.token)).expect(403);
      expect(res.body).toMatchObject({ error: 'forbidden', code: 'FORBIDDEN' });
    }
    await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(key.secret)).expect(200);
  });

  it('should answer 403 forbidden when the workspace is a developer workspace', async () => {
    const team = await fixtures.team('developer');
    for (const call of [
      request(platform.baseUrl).get(KEYS),
      request(platform.baseUrl).post(KEYS).send({ label: 'developer key' }),
      request(platform.baseUrl).post(`${KEYS}/${randomUUID()}/rotate`),
      request(platform.baseUrl).delete(`${KEYS}/${randomUUID()}`),
    ]) {
      const res = await call.set(bearer(team.owner.token)).expect(403);
      expect(res.body).toMatchObject({ error: 'forbidden' });
    }
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM identity.api_keys WHERE workspace_id = $1`, [
      team.workspaceId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('should answer 403 forbidden when the account has no workspace', async () => {
    const buyer = await fixtures.buyer();
    await request(platform.baseUrl).get(KEYS).set(bearer(buyer.token)).expect(403);
    const res = await request(platform.baseUrl).post(KEYS).set(bearer(buyer.token)).send({ label: 'x' }).expect(403);
    expect(res.body).toMatchObject({ error: 'forbidden' });
  });

  it('should answer 401 invalid_api_key when the key is unknown, malformed or its workspace is gone', async () => {
    const team = await fixtures.team();
    const key = await createKey(team.owner);
    await db.query(`DELETE FROM identity.workspaces WHERE id = $1`, [team.workspaceId]);
    const unknown = `sk-${'A'.repeat(43)}`;
    for (const secret of [unknown, 'sk-short', key.secret]) {
      const res = await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(secret)).expect(401);
      expect(res.body).toMatchObject({ error: 'invalid_api_key', code: 'INVALID_TOKEN' });
    }
  });

  describeDistributed('across gateway replicas', () => {
    it('should refuse a revoked key on another gateway replica within 5 seconds when it is revoked through one', async () => {
      const replicaUrl = await platform.startGatewayReplica();
      const team = await fixtures.team();
      const key = await createKey(team.owner);
      await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(key.secret)).expect(200);
      await request(replicaUrl).get(`${KEYS}/current`).set(bearer(key.secret)).expect(200);

      const revokedAt = Date.now();
      await request(platform.baseUrl).delete(`${KEYS}/${key.id}`).set(bearer(team.owner.token)).expect(204);
      // The replica that revoked forgets the key at once; the other one within its cache time.
      await request(platform.baseUrl).get(`${KEYS}/current`).set(bearer(key.secret)).expect(401);
      const replicaDelay = await untilRefused(replicaUrl, key.secret, revokedAt);
      console.info(`Revoked key refused by the other gateway replica ${replicaDelay} ms after the revocation`);
      expect(replicaDelay).toBeLessThan(5000);
    });
  });
});
