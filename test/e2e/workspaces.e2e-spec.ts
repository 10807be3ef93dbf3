import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import { withClient } from '../harness/databases';
import {
  TEST_PASSWORD,
  accessTokenFor,
  createAccount,
  createApiKey,
  createMember,
  createWorkspace,
} from '../harness/identity-fixtures';
import type { MemberFixture } from '../harness/identity-fixtures';
import { FAST_MAIL_ENV, mailedAcceptToken } from '../harness/invitation-mail';
import { describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { startSmtpSink } from '../harness/smtp-sink';
import type { SmtpSink } from '../harness/smtp-sink';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Team {
  workspaceId: string;
  owner: MemberFixture;
  admin: MemberFixture;
  agent: MemberFixture;
}

describeE2e('workspaces and the team', () => {
  let platform: Platform;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    platform = await startPlatform({ env: { ...FAST_MAIL_ENV, SMTP_URL: smtp.url } });
  });

  afterAll(async () => {
    await platform?.close();
    await smtp?.close();
  });

  const api = () => request(platform.baseUrl);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function team(kind: 'broker' | 'developer' = 'broker'): Promise<Team> {
    const workspace = await createWorkspace(platform, { kind, brokerKind: kind === 'broker' ? 'company' : null });
    const [owner, admin, agent] = await Promise.all([
      createMember(platform, { workspaceId: workspace.id, role: 'owner' }),
      createMember(platform, { workspaceId: workspace.id, role: 'admin' }),
      createMember(platform, { workspaceId: workspace.id, role: 'agent' }),
    ]);
    return { workspaceId: workspace.id, owner, admin, agent };
  }

  /** Invites, and reads the accept token where the invitee gets it: the mail. */
  async function invite(by: MemberFixture, email: string, role: 'admin' | 'agent' = 'agent') {
    const res = await api().post('/v1/workspace/invitations').set(bearer(by.token)).send({ email, role }).expect(201);
    const invitation = res.body as { id: string; email: string; role: string; expires_at: string };
    return { ...invitation, accept_token: await mailedAcceptToken(smtp, invitation.email) };
  }

  const sql = <T extends object = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    withClient(platform.databaseUrl, async (client) => (await client.query<T>(text, params)).rows);

  const email = () => `invitee-${randomUUID().slice(0, 8)}@Example.test`;

  describe('GET /v1/workspace', () => {
    it('should return the workspace with its member count when a member asks', async () => {
      const { workspaceId, agent } = await team();
      const res = await api().get('/v1/workspace').set(bearer(agent.token)).expect(200);
      expect(res.body).toEqual({
        object: 'workspace',
        id: workspaceId,
        name: expect.any(String),
        kind: 'broker',
        broker_kind: 'company',
        created_at: expect.any(String),
        member_count: 3,
        default_language: 'en',
        time_zone: 'Asia/Riyadh',
      });
    });

    it('should return the workspace when an API key of that workspace asks', async () => {
      const { workspaceId, owner } = await team();
      const key = await createApiKey(platform, workspaceId, owner.accountId);
      const res = await api().get('/v1/workspace').set(bearer(key)).expect(200);
      expect(res.body).toMatchObject({ object: 'workspace', id: workspaceId, member_count: 3 });
    });

    it('should answer 401 unauthorized when no credential is sent', async () => {
      const res = await api().get('/v1/workspace').expect(401);
      expect(res.body).toMatchObject({ error: 'unauthorized' });
    });

    it('should answer 403 forbidden when the account has no workspace', async () => {
      const buyer = await createAccount(platform);
      const res = await api().get('/v1/workspace').set(bearer(buyer.token)).expect(403);
      expect(res.body).toMatchObject({ error: 'forbidden', code: 'FORBIDDEN' });
    });
  });

  describe('GET /v1/workspace/members', () => {
    it('should list owner, admins, agents and names in order when the owner asks, Arabic names included', async () => {
      const workspace = await createWorkspace(platform);
      const owner = await createMember(platform, { workspaceId: workspace.id, role: 'owner', name: 'سارة القحطاني' });
      const zaid = await createMember(platform, { workspaceId: workspace.id, role: 'agent', name: 'زياد الحربي' });
      const ahmad = await createMember(platform, { workspaceId: workspace.id, role: 'agent', name: 'أحمد العتيبي' });
      const badr = await createMember(platform, { workspaceId: workspace.id, role: 'agent', name: 'بدر الشهري' });
      const admin = await createMember(platform, { workspaceId: workspace.id, role: 'admin', name: 'Omar Haddad' });

      const res = await api().get('/v1/workspace/members').set(bearer(owner.token)).expect(200);
      expect(res.body.object).toBe('list');
      expect(res.body.total).toBe(5);
      expect(res.body.data.map((m: { id: string }) => m.id)).toEqual([
        owner.accountId,
        admin.accountId,
        ahmad.accountId,
        badr.accountId,
        zaid.accountId,
      ]);
      expect(res.body.data[0]).toEqual({
        object: 'member',
        id: owner.accountId,
        name: 'سارة القحطاني',
        email: owner.email,
        role: 'owner',
        joined_at: expect.any(String),
      });
      expect(res.body.data.map((m: { name: string }) => m.name)).toContain('أحمد العتيبي');
    });

    it('should list the members when an admin asks', async () => {
      const { admin } = await team();
      const res = await api().get('/v1/workspace/members').set(bearer(admin.token)).expect(200);
      expect(res.body.data.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'agent']);
    });

    it('should answer 403 forbidden when an agent lists the members', async () => {
      const { agent } = await team();
      const res = await api().get('/v1/workspace/members').set(bearer(agent.token)).expect(403);
      expect(res.body).toMatchObject({ error: 'forbidden' });
    });
  });

  describe('invitations', () => {
    it('should mail the invitee a one-time token, stored only hashed and never answered to the inviter', async () => {
      const { workspaceId, owner } = await team();
      const address = email();
      const started = Date.now();
      const res = await api()
        .post('/v1/workspace/invitations')
        .set(bearer(owner.token))
        .send({ email: address, role: 'admin' })
        .expect(201);
      expect(res.body).toEqual({
        object: 'invitation',
        id: expect.stringMatching(UUID),
        email: address.toLowerCase(),
        role: 'admin',
        expires_at: expect.any(String),
        created_at: expect.any(String),
      });
      const ttl = Date.parse(res.body.expires_at) - started;
      expect(ttl).toBeGreaterThan(7 * DAY_MS - 60_000);
      expect(ttl).toBeLessThan(7 * DAY_MS + 60_000);
      const [row] = await sql<{ workspace_id: string; token_hash: string; invited_by: string }>(
        `SELECT workspace_id, token_hash, invited_by FROM identity.invitations WHERE id = $1`,
        [res.body.id],
      );
      expect(row.workspace_id).toBe(workspaceId);
      expect(row.invited_by).toBe(owner.accountId);
      const token = await mailedAcceptToken(smtp, address.toLowerCase());
      expect(row.token_hash).not.toContain(token);
      expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    });

    it('should list pending invitations without their tokens when an admin lists them', async () => {
      const { owner, admin } = await team();
      const created = await invite(owner, email());
      const res = await api().get('/v1/workspace/invitations').set(bearer(admin.token)).expect(200);
      expect(res.body).toMatchObject({ object: 'list', total: 1 });
      expect(res.body.data[0]).toEqual({
        object: 'invitation',
        id: created.id,
        email: created.email,
        role: 'agent',
        expires_at: created.expires_at,
        created_at: expect.any(String),
      });
      expect(JSON.stringify(res.body)).not.toContain(created.accept_token);
    });

    it('should answer 409 conflict when the email already has a pending invitation, whatever its case', async () => {
      const { owner, admin } = await team();
      const address = email();
      await invite(owner, address);
      const res = await api()
        .post('/v1/workspace/invitations')
        .set(bearer(admin.token))
        .send({ email: address.toUpperCase(), role: 'admin' })
        .expect(409);
      expect(res.body).toMatchObject({ error: 'conflict', code: 'CONFLICT' });
    });

    it('should answer 409 conflict when the email is already a member of the workspace', async () => {
      const { owner, agent } = await team();
      const res = await api()
        .post('/v1/workspace/invitations')
        .set(bearer(owner.token))
        .send({ email: agent.email, role: 'admin' })
        .expect(409);
      expect(res.body.message).toContain('already a member');
    });

    it('should answer 403 forbidden when an agent invites or lists invitations', async () => {
      const { agent } = await team();
      await api()
        .post('/v1/workspace/invitations')
        .set(bearer(agent.token))
        .send({ email: email(), role: 'agent' })
        .expect(403);
      await api().get('/v1/workspace/invitations').set(bearer(agent.token)).expect(403);
    });

    it('should answer 422 validation_error when the role is owner or the email is not one', async () => {
      const { owner } = await team();
      const asOwner = await api()
        .post('/v1/workspace/invitations')
        .set(bearer(owner.token))
        .send({ email: email(), role: 'owner' })
        .expect(422);
      expect(asOwner.body).toMatchObject({ error: 'validation_error', field: 'role' });
      const badEmail = await api()
        .post('/v1/workspace/invitations')
        .set(bearer(owner.token))
        .send({ email: 'not-an-email', role: 'agent' })
        .expect(422);
      expect(badEmail.body).toMatchObject({ error: 'validation_error', field: 'email' });
    });

    it('should revoke a pending invitation when the owner deletes it, after which it cannot be accepted', async () => {
      const { owner } = await team();
      const created = await invite(owner, email());
      await api().delete(`/v1/workspace/invitations/${created.id}`).set(bearer(owner.token)).expect(204);
      const list = await api().get('/v1/workspace/invitations').set(bearer(owner.token)).expect(200);
      expect(list.body.total).toBe(0);
      await api().delete(`/v1/workspace/invitations/${created.id}`).set(bearer(owner.token)).expect(404);
      const accept = await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: TEST_PASSWORD, name: 'Late Comer' })
        .expect(404);
      expect(accept.body).toMatchObject({ error: 'not_found' });
    });

    it("should answer 404 not_found when revoking another workspace's invitation, and leave it pending", async () => {
      const mine = await team();
      const theirs = await team();
      const created = await invite(theirs.owner, email());
      const res = await api()
        .delete(`/v1/workspace/invitations/${created.id}`)
        .set(bearer(mine.owner.token))
        .expect(404);
      expect(res.body).toMatchObject({ error: 'not_found', code: 'NOT_FOUND' });
      const list = await api().get('/v1/workspace/invitations').set(bearer(theirs.owner.token)).expect(200);
      expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([created.id]);
    });

    it('should answer 404 not_found when the invitation id is unknown or malformed', async () => {
      const { owner } = await team();
      await api().delete(`/v1/workspace/invitations/${randomUUID()}`).set(bearer(owner.token)).expect(404);
      const malformed = await api().delete('/v1/workspace/invitations/not-a-uuid').set(bearer(owner.token)).expect(404);
      expect(malformed.body).toMatchObject({ error: 'not_found' });
    });
  });

  describe('POST /v1/invitations/accept', () => {
    it('should create a broker account and its membership when a new person accepts', async () => {
      const { workspaceId, owner } = await team();
      const address = email();
      const created = await invite(owner, address, 'agent');
      const res = await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: 'a-new-password-1', name: 'خالد الشمري' })
        .expect(200);
      expect(res.body).toEqual({
        object: 'member',
        id: expect.stringMatching(UUID),
        name: 'خالد الشمري',
        email: address.toLowerCase(),
        role: 'agent',
        workspace: { id: workspaceId, name: expect.any(String) },
      });
      const [account] = await sql<{ role: string; broker_kind: string; password_hash: string }>(
        `SELECT role, broker_kind, password_hash FROM identity.accounts WHERE id = $1`,
        [res.body.id],
      );
      expect(account).toMatchObject({ role: 'broker', broker_kind: 'company' });
      expect(account.password_hash).toMatch(/^\$argon2id\$/);
      const me = await api()
        .get('/v1/workspace')
        .set(bearer(accessTokenFor(res.body.id)))
        .expect(200);
      expect(me.body).toMatchObject({ id: workspaceId, member_count: 4 });
    });

    it('should create a developer account when the workspace is a developer one', async () => {
      const { owner } = await team('developer');
      const created = await invite(owner, email(), 'admin');
      const res = await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: 'a-new-password-1', name: 'Lina Developer' })
        .expect(200);
      expect(res.body.role).toBe('admin');
      const [account] = await sql(`SELECT role, broker_kind FROM identity.accounts WHERE id = $1`, [res.body.id]);
      expect(account).toEqual({ role: 'developer', broker_kind: null });
    });

    it('should answer 422 on field name when a new person accepts without a name', async () => {
      const { owner } = await team();
      const created = await invite(owner, email());
      const res = await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: 'a-new-password-1' })
        .expect(422);
      expect(res.body).toMatchObject({ error: 'validation_error', field: 'name' });
      await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: 'a-new-password-1', name: 'Now Named' })
        .expect(200);
    });

    it('should answer 422 on field password when a new account password is shorter than 10 characters', async () => {
      const { owner } = await team();
      const created = await invite(owner, email());
      const res = await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: 'short', name: 'Short Password' })
        .expect(422);
      expect(res.body).toMatchObject({ error: 'validation_error', field: 'password' });
    });

    it('should attach an existing account without a workspace when it accepts with its password', async () => {
      const { workspaceId, owner } = await team();
      const buyer = await createAccount(platform, { name: 'Existing Buyer' });
      const created = await invite(owner, buyer.email, 'admin');
      const res = await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: TEST_PASSWORD })
        .expect(200);
      expect(res.body).toMatchObject({ id: buyer.accountId, name: 'Existing Buyer', role: 'admin' });
      const members = await api().get('/v1/workspace/members').set(bearer(buyer.token)).expect(200);
      expect(members.body.data.map((m: { id: string }) => m.id)).toContain(buyer.accountId);
      const [row] = await sql(`SELECT workspace_id FROM identity.memberships WHERE account_id = $1`, [buyer.accountId]);
      expect(row).toEqual({ workspace_id: workspaceId });
    });

    it("should answer 401 and keep the invitation usable when the existing account's password is wrong", async () => {
      const { owner } = await team();
      const buyer = await createAccount(platform);
      const created = await invite(owner, buyer.email);
      const res = await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: 'not-the-password' })
        .expect(401);
      expect(res.body).toMatchObject({ error: 'unauthorized' });
      await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: TEST_PASSWORD })
        .expect(200);
    });

    it('should answer 409 conflict when the existing account already belongs to a workspace', async () => {
      const { owner } = await team();
      const elsewhere = await createMember(platform, { role: 'agent' });
      const created = await invite(owner, elsewhere.email);
      const res = await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: TEST_PASSWORD })
        .expect(409);
      expect(res.body).toMatchObject({ error: 'conflict' });
    });

    it('should answer 404 not_found when the token is used a second time', async () => {
      const { owner } = await team();
      const created = await invite(owner, email());
      const body = { token: created.accept_token, password: 'a-new-password-1', name: 'Once Only' };
      await api().post('/v1/invitations/accept').send(body).expect(200);
      const again = await api().post('/v1/invitations/accept').send(body).expect(404);
      expect(again.body).toMatchObject({ error: 'not_found', code: 'NOT_FOUND' });
      expect(again.body.message).toMatch(/already used|expired/);
    });

    it('should answer 404 not_found when the invitation has expired', async () => {
      const { owner } = await team();
      const created = await invite(owner, email());
      await sql(`UPDATE identity.invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [created.id]);
      await api()
        .post('/v1/invitations/accept')
        .send({ token: created.accept_token, password: 'a-new-password-1', name: 'Too Late' })
        .expect(404);
      const list = await api().get('/v1/workspace/invitations').set(bearer(owner.token)).expect(200);
      expect(list.body.total).toBe(0);
    });

    it('should answer 404 not_found when the token is unknown', async () => {
      const res = await api()
        .post('/v1/invitations/accept')
        .send({ token: 'no-such-token', password: 'a-new-password-1', name: 'Nobody' })
        .expect(404);
      expect(res.body).toMatchObject({ error: 'not_found' });
    });

    it('should let exactly one accept succeed when the same token is accepted concurrently', async () => {
      const { workspaceId, owner } = await team();
      const created = await invite(owner, email());
      const attempts = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          api()
            .post('/v1/invitations/accept')
            .send({ token: created.accept_token, password: 'a-new-password-1', name: `Racer ${i}` }),
        ),
      );
      const statuses = attempts.map((res) => res.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 404)).toHaveLength(5);
      const rows = await sql(
        `SELECT a.id FROM identity.accounts a JOIN identity.memberships m ON m.account_id = a.id
          WHERE m.workspace_id = $1 AND a.email_normalized = $2`,
        [workspaceId, created.email],
      );
      expect(rows).toHaveLength(1);
    });
  });

  describe('PATCH and DELETE /v1/workspace/members/{id}', () => {
    it('should promote an agent when an admin changes the role, with effect at once', async () => {
      const { admin, agent } = await team();
      const res = await api()
        .patch(`/v1/workspace/members/${agent.accountId}`)
        .set(bearer(admin.token))
        .send({ role: 'admin' })
        .expect(200);
      expect(res.body).toMatchObject({ object: 'member', id: agent.accountId, role: 'admin' });
      await api().get('/v1/workspace/members').set(bearer(agent.token)).expect(200);
    });

    it('should demote another admin when an admin changes the role', async () => {
      const { workspaceId, admin } = await team();
      const other = await createMember(platform, { workspaceId, role: 'admin' });
      await api()
        .patch(`/v1/workspace/members/${other.accountId}`)
        .set(bearer(admin.token))
        .send({ role: 'agent' })
        .expect(200);
      await api().get('/v1/workspace/members').set(bearer(other.token)).expect(403);
    });

    it("should answer 403 forbidden pointing to ownership transfer when the owner's role is changed", async () => {
      const { owner, admin } = await team();
      for (const caller of [admin, owner]) {
        const res = await api()
          .patch(`/v1/workspace/members/${owner.accountId}`)
          .set(bearer(caller.token))
          .send({ role: 'agent' })
          .expect(403);
        expect(res.body).toMatchObject({ error: 'forbidden' });
        expect(res.body.message).toContain('ownership');
      }
    });

    it('should answer 403 forbidden when an agent changes a role or removes a member', async () => {
      const { workspaceId, agent } = await team();
      const other = await createMember(platform, { workspaceId, role: 'agent' });
      await api()
        .patch(`/v1/workspace/members/${other.accountId}`)
        .set(bearer(agent.token))
        .send({ role: 'admin' })
        .expect(403);
      await api().delete(`/v1/workspace/members/${other.accountId}`).set(bearer(agent.token)).expect(403);
    });

    it('should answer 422 validation_error when the new role is owner', async () => {
      const { owner, agent } = await team();
      const res = await api()
        .patch(`/v1/workspace/members/${agent.accountId}`)
        .set(bearer(owner.token))
        .send({ role: 'owner' })
        .expect(422);
      expect(res.body).toMatchObject({ error: 'validation_error', field: 'role' });
    });

    it("should answer 404 not_found for another workspace's member, an unknown id and a malformed id", async () => {
      const mine = await team();
      const theirs = await team();
      for (const id of [theirs.agent.accountId, randomUUID(), 'not-a-uuid', '1']) {
        const patch = await api()
          .patch(`/v1/workspace/members/${id}`)
          .set(bearer(mine.owner.token))
          .send({ role: 'admin' })
          .expect(404);
        expect(patch.body).toMatchObject({ error: 'not_found', code: 'NOT_FOUND' });
        await api().delete(`/v1/workspace/members/${id}`).set(bearer(mine.owner.token)).expect(404);
      }
      const [row] = await sql(`SELECT role FROM identity.memberships WHERE account_id = $1`, [theirs.agent.accountId]);
      expect(row).toEqual({ role: 'agent' });
    });

    it('should remove an agent when an admin deletes them, who then loses access at once', async () => {
      const { admin, agent } = await team();
      await api().delete(`/v1/workspace/members/${agent.accountId}`).set(bearer(admin.token)).expect(204);
      const list = await api().get('/v1/workspace/members').set(bearer(admin.token)).expect(200);
      expect(list.body.data.map((m: { id: string }) => m.id)).not.toContain(agent.accountId);
      await api().get('/v1/workspace').set(bearer(agent.token)).expect(403);
    });

    it('should answer 403 forbidden when the owner is removed', async () => {
      const { owner, admin } = await team();
      const res = await api().delete(`/v1/workspace/members/${owner.accountId}`).set(bearer(admin.token)).expect(403);
      expect(res.body).toMatchObject({ error: 'forbidden' });
      const list = await api().get('/v1/workspace/members').set(bearer(owner.token)).expect(200);
      expect(list.body.total).toBe(3);
    });
  });

  describe('POST /v1/workspace/ownership-transfer', () => {
    it('should make the member owner and the previous owner admin when the owner transfers', async () => {
      const { owner, admin, agent } = await team();
      const res = await api()
        .post('/v1/workspace/ownership-transfer')
        .set(bearer(owner.token))
        .send({ member_id: agent.accountId })
        .expect(200);
      expect(res.body.object).toBe('list');
      const roles = Object.fromEntries(res.body.data.map((m: { id: string; role: string }) => [m.id, m.role]));
      expect(roles).toEqual({ [agent.accountId]: 'owner', [owner.accountId]: 'admin', [admin.accountId]: 'admin' });
      expect(res.body.data[0].id).toBe(agent.accountId);
      // The new owner can transfer back; the former owner no longer can.
      await api()
        .post('/v1/workspace/ownership-transfer')
        .set(bearer(owner.token))
        .send({ member_id: admin.accountId })
        .expect(403);
      await api()
        .post('/v1/workspace/ownership-transfer')
        .set(bearer(agent.token))
        .send({ member_id: owner.accountId })
        .expect(200);
    });

    it('should answer 403 forbidden when an admin transfers ownership', async () => {
      const { admin, agent } = await team();
      const res = await api()
        .post('/v1/workspace/ownership-transfer')
        .set(bearer(admin.token))
        .send({ member_id: agent.accountId })
        .expect(403);
      expect(res.body).toMatchObject({ error: 'forbidden' });
    });

    it("should answer 404 not_found when the new owner is another workspace's member or malformed", async () => {
      const mine = await team();
      const theirs = await team();
      for (const id of [theirs.agent.accountId, 'nope']) {
        await api()
          .post('/v1/workspace/ownership-transfer')
          .set(bearer(mine.owner.token))
          .send({ member_id: id })
          .expect(404);
      }
      const [row] = await sql(`SELECT role FROM identity.memberships WHERE account_id = $1`, [mine.owner.accountId]);
      expect(row).toEqual({ role: 'owner' });
    });

    it('should answer 422 validation_error when the owner transfers to themselves', async () => {
      const { owner } = await team();
      const res = await api()
        .post('/v1/workspace/ownership-transfer')
        .set(bearer(owner.token))
        .send({ member_id: owner.accountId })
        .expect(422);
      expect(res.body).toMatchObject({ error: 'validation_error', field: 'member_id' });
    });
  });
});
