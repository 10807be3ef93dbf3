import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import { fundedWorkspace } from '../harness/billing-fixtures';
import { withClient } from '../harness/databases';
import { eventually } from '../harness/eventually';
import { publishedListing } from '../harness/catalogue-fixtures';
import { TEST_PASSWORD, createAccount, createApiKey, createMember } from '../harness/identity-fixtures';
import type { MemberFixture } from '../harness/identity-fixtures';
import { accountLinkToken } from '../harness/account-mail';
import { FAST_MAIL_ENV } from '../harness/invitation-mail';
import { mcpClient, mcpFactoryOf, principalOf } from '../harness/mcp-client';
import { describeE2e } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { startSmtpSink } from '../harness/smtp-sink';
import type { ReceivedMail, SmtpSink } from '../harness/smtp-sink';

const NEW_PASSWORD = 'a-new-long-password-٢٠٢٦';
/** Sign-ups, logins and resets from one address: room for this file, and a limit the last case reaches. */
const AUTH_RATE_LIMIT = 30;

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.test`;

describeE2e('account lifecycle', () => {
  let platform: Platform;
  let smtp: SmtpSink;
  const api = () => request(platform.baseUrl);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    platform = await startPlatform({
      env: { ...FAST_MAIL_ENV, SMTP_URL: smtp.url, AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT) },
    });
  });

  afterAll(async () => {
    await platform?.close();
    await smtp?.close();
  });

  async function mailsTo(address: string, count = 1): Promise<ReceivedMail[]> {
    const mail = await eventually(
      () => smtp.to(address),
      (received) => received.length >= count,
    );
    if (mail.length < count) throw new Error(`Expected ${count} mails to ${address}, got ${mail.length}`);
    return mail;
  }

  async function login(email: string, password: string) {
    const res = await api().post('/v1/auth/login').send({ email, password }).expect(200);
    return res.body as { access_token: string; refresh_token: string };
  }

  async function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return withClient(platform.databaseUrl, async (client) => (await client.query<T>(sql, params)).rows);
  }

  describe('e-mail verification', () => {
    it('should refuse submitting and inviting until the address is confirmed with the mailed link, once', async () => {
      const email = uniqueEmail('layla');
      const signUp = await api()
        .post('/v1/accounts')
        .send({
          email,
          password: TEST_PASSWORD,
          name: 'ليلى القحطاني',
          role: 'broker',
          broker_kind: 'individual',
          language: 'ar',
        })
        .expect(201);
      expect(signUp.body).toMatchObject({ email_verified: false });
      const { access_token } = await login(email, TEST_PASSWORD);

      // Everything else works at once: the workspace, its balance, an API key.
      await api().get('/v1/workspace').set(bearer(access_token)).expect(200);
      const key = await api().post('/v1/workspace/api-keys').set(bearer(access_token)).send({ label: 'CRM' });
      expect(key.status).toBe(201);
      for (const [credential, call] of [
        [access_token, () => api().post(`/v1/listings/${randomUUID()}/submit`)],
        [key.body.secret as string, () => api().post(`/v1/listings/${randomUUID()}/submit`)],
        [
          access_token,
          () =>
            api()
              .post('/v1/workspace/invitations')
              .send({ email: uniqueEmail('agent'), role: 'agent' }),
        ],
      ] as const) {
        const res = await call().set(bearer(credential)).expect(403);
        expect(res.body).toMatchObject({ error: 'email_not_verified', code: 'FORBIDDEN' });
        expect(res.body.message).toContain('Confirm your e-mail address');
      }

      // The mail is in the account's language, the link carries the token.
      const [mail] = await mailsTo(email);
      expect(mail.subject).toBe('أكّد عنوان بريدك الإلكتروني');
      expect(mail.text).toContain('ليلى القحطاني');
      const token = accountLinkToken(mail, 'verify-email');
      // Only the token's hash is stored.
      const stored = await query<{ token_hash: string }>(
        `SELECT token_hash FROM identity.account_tokens WHERE account_id = $1`,
        [signUp.body.id],
      );
      expect(stored).toEqual([{ token_hash: sha256(token) }]);

      await api()
        .post('/v1/auth/verify-email')
        .send({ token })
        .expect(200, { object: 'email_verification', email_verified: true });
      const again = await api().post('/v1/auth/verify-email').send({ token }).expect(422);
      expect(again.body).toMatchObject({ error: 'validation_error', field: 'token' });

      const me = await api().get('/v1/me').set(bearer(access_token)).expect(200);
      expect(me.body.account.email_verified).toBe(true);
      // The gate is lifted: an unknown listing is now the catalogue's 404, the invitation goes out.
      await api().post(`/v1/listings/${randomUUID()}/submit`).set(bearer(access_token)).expect(404);
      await api()
        .post('/v1/workspace/invitations')
        .set(bearer(access_token))
        .send({ email: uniqueEmail('agent'), role: 'agent' })
        .expect(201);
    });

    it('should mail a new link that voids the first, and 409 once the address is confirmed', async () => {
      const email = uniqueEmail('omar');
      await api()
        .post('/v1/accounts')
        .send({ email, password: TEST_PASSWORD, name: 'Omar', role: 'buyer' })
        .expect(201);
      const { access_token } = await login(email, TEST_PASSWORD);
      const first = accountLinkToken((await mailsTo(email))[0], 'verify-email');
      await api().post('/v1/me/verify-email').set(bearer(access_token)).expect(202);
      const second = accountLinkToken((await mailsTo(email, 2))[1], 'verify-email');
      expect(second).not.toBe(first);
      await api().post('/v1/auth/verify-email').send({ token: first }).expect(422);
      await api().post('/v1/auth/verify-email').send({ token: second }).expect(200);
      const res = await api().post('/v1/me/verify-email').set(bearer(access_token)).expect(409);
      expect(res.body).toMatchObject({ error: 'conflict' });
    });

    it('should count accounts that did not sign up (fixtures, invitations, the demo) as verified', async () => {
      const member = await createMember(platform, { role: 'owner' });
      const me = await api().get('/v1/me').set(bearer(member.token)).expect(200);
      expect(me.body.account.email_verified).toBe(true);
    });
  });

  describe('forgotten password', () => {
    it('should answer 202 alike for a known and an unknown address, and mail only the account', async () => {
      const account = await createAccount(platform, { accountRole: 'buyer' });
      const unknown = uniqueEmail('nobody');
      const known = await api()
        .post('/v1/auth/password-reset')
        .send({ email: account.email.toUpperCase() })
        .expect(202);
      const stranger = await api().post('/v1/auth/password-reset').send({ email: unknown }).expect(202);
      expect(stranger.body).toEqual(known.body);
      const [mail] = await mailsTo(account.email);
      expect(mail.subject).toBe('Reset your password');
      expect(smtp.to(unknown)).toEqual([]);
    });

    it('should set the new password once with the link, end every session, and refuse the old password', async () => {
      const account = await createAccount(platform, { accountRole: 'seller', name: 'سارة' });
      const sessions = [await login(account.email, TEST_PASSWORD), await login(account.email, TEST_PASSWORD)];
      await api().post('/v1/auth/password-reset').send({ email: account.email }).expect(202);
      const token = accountLinkToken((await mailsTo(account.email))[0], 'reset-password');

      const short = await api().post('/v1/auth/password-reset/confirm').send({ token, password: 'short' }).expect(422);
      expect(short.body).toMatchObject({ field: 'password' });
      await api().post('/v1/auth/password-reset/confirm').send({ token, password: NEW_PASSWORD }).expect(204);
      const reused = await api()
        .post('/v1/auth/password-reset/confirm')
        .send({ token, password: 'yet-another-password' })
        .expect(422);
      expect(reused.body).toMatchObject({ error: 'validation_error', field: 'token' });

      for (const session of sessions) {
        await api().get('/v1/me').set(bearer(session.access_token)).expect(401);
        await api().post('/v1/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
      }
      await api().post('/v1/auth/login').send({ email: account.email, password: TEST_PASSWORD }).expect(401);
      await login(account.email, NEW_PASSWORD);
    });

    it('should refuse a link after its hour, and a link a newer request replaced', async () => {
      const account = await createAccount(platform, { accountRole: 'buyer' });
      await api().post('/v1/auth/password-reset').send({ email: account.email }).expect(202);
      const replaced = accountLinkToken((await mailsTo(account.email))[0], 'reset-password');
      await api().post('/v1/auth/password-reset').send({ email: account.email }).expect(202);
      const expired = accountLinkToken((await mailsTo(account.email, 2))[1], 'reset-password');
      const [{ ttl_s }] = await query<{ ttl_s: number }>(
        `SELECT round(extract(epoch FROM expires_at - created_at))::int AS ttl_s FROM identity.account_tokens
          WHERE token_hash = $1`,
        [sha256(expired)],
      );
      expect(ttl_s).toBe(3600);
      await query(`UPDATE identity.account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
        sha256(expired),
      ]);
      for (const token of [replaced, expired])
        await api().post('/v1/auth/password-reset/confirm').send({ token, password: NEW_PASSWORD }).expect(422);
      await login(account.email, TEST_PASSWORD);
    });
  });

  describe('change password', () => {
    it('should need the current password, then end every session', async () => {
      const account = await createAccount(platform, { accountRole: 'buyer' });
      const session = await login(account.email, TEST_PASSWORD);
      const wrong = await api()
        .post('/v1/me/password')
        .set(bearer(session.access_token))
        .send({ current_password: 'not-my-password', new_password: NEW_PASSWORD })
        .expect(422);
      expect(wrong.body).toMatchObject({ error: 'validation_error', field: 'current_password' });
      await api()
        .post('/v1/me/password')
        .set(bearer(session.access_token))
        .send({ current_password: TEST_PASSWORD, new_password: NEW_PASSWORD })
        .expect(204);
      await api().post('/v1/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
      await api().get('/v1/me').set(bearer(session.access_token)).expect(401);
      await login(account.email, NEW_PASSWORD);
    });
  });

  describe('delete my account', () => {
    it('should erase the buyer everywhere and keep the inquiry for the broker, the buyer shown as deleted user', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      await api().post('/v1/workspace/lead-credits').set(bearer(owner.token)).send({ quantity: 2 }).expect(201);
      const listing = await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: owner.accountId });
      const buyer = await createAccount(platform, { accountRole: 'buyer', name: 'خالد' });
      const session = await login(buyer.email, TEST_PASSWORD);
      const inquiry = await api()
        .post('/v1/inquiries')
        .set(bearer(session.access_token))
        .send({ property_id: listing, question: 'هل السعر قابل للتفاوض؟' })
        .expect(201);
      await api()
        .post('/v1/me/saved-properties')
        .set(bearer(session.access_token))
        .send({ property_id: listing })
        .expect(201);
      const before = await api().get('/v1/workspace/leads').set(bearer(owner.token)).expect(200);
      expect(before.body.data[0].contact).toMatchObject({ name: 'خالد', email: buyer.email });

      const wrong = await api()
        .delete('/v1/me')
        .set(bearer(session.access_token))
        .send({ password: 'nope' })
        .expect(422);
      expect(wrong.body).toMatchObject({ field: 'password' });
      await api().delete('/v1/me').set(bearer(session.access_token)).send({ password: TEST_PASSWORD }).expect(204);

      await api().get('/v1/me').set(bearer(session.access_token)).expect(401);
      await api().post('/v1/auth/login').send({ email: buyer.email, password: TEST_PASSWORD }).expect(401);
      const [row] = await query<{ email: string; name: string; phone: string | null; deleted_at: Date | null }>(
        `SELECT email, name, phone, deleted_at FROM identity.accounts WHERE id = $1`,
        [buyer.accountId],
      );
      expect(row).toMatchObject({ name: 'Deleted user', phone: null });
      expect(row.email).not.toContain(buyer.email);
      expect(row.deleted_at).not.toBeNull();

      // The broker keeps the thread, the buyer's details gone.
      const after = await eventually(
        () => api().get('/v1/workspace/leads').set(bearer(owner.token)),
        (res) => res.body.data?.[0]?.contact?.name === 'deleted user',
      );
      expect(after.body.data[0].contact).toMatchObject({ name: 'deleted user', email: '', phone: null });
      const thread = await api().get(`/v1/inquiries/${inquiry.body.inquiry.id}`).set(bearer(owner.token)).expect(200);
      expect(JSON.stringify(thread.body)).toContain('هل السعر قابل للتفاوض؟');
      expect(JSON.stringify(thread.body)).not.toContain(buyer.email);
      // Saved properties and notifications of the person are gone.
      const leftovers = await eventually(
        () =>
          query<{ saved: number; inbox: number }>(
            `SELECT (SELECT count(*)::int FROM catalogue.saved_properties WHERE account_id = $1) AS saved,
                    (SELECT count(*)::int FROM notification.inbox WHERE account_id = $1) AS inbox`,
            [buyer.accountId],
          ),
        (rows) => rows[0].saved === 0,
      );
      expect(leftovers[0]).toEqual({ saved: 0, inbox: 0 });
    });

    it('should answer 409 when the owner of a workspace with members deletes their account, and when alone', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const agent = await createMember(platform, { role: 'agent', workspaceId: owner.workspaceId });
      const withTeam = await api()
        .delete('/v1/me')
        .set(bearer(owner.token))
        .send({ password: TEST_PASSWORD })
        .expect(409);
      expect(withTeam.body.message).toContain('transfer ownership first');
      // The agent leaves: the workspace keeps going without them.
      await api().delete('/v1/me').set(bearer(agent.token)).send({ password: TEST_PASSWORD }).expect(204);
      const alone = await api().delete('/v1/me').set(bearer(owner.token)).send({ password: TEST_PASSWORD }).expect(409);
      expect(alone.body.message).toContain('DELETE /v1/workspace');
      const members = await api().get('/v1/workspace/members').set(bearer(owner.token)).expect(200);
      expect(members.body.data.map((m: { id: string }) => m.id)).toEqual([owner.accountId]);
    });
  });

  describe('workspace settings', () => {
    it('should change name, language, time zone and alerts for an owner, an admin and a key, and 403 an agent', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const admin = await createMember(platform, { role: 'admin', workspaceId: owner.workspaceId });
      const agent = await createMember(platform, { role: 'agent', workspaceId: owner.workspaceId });
      const key = await createApiKey(platform, owner.workspaceId, owner.accountId);

      const res = await api()
        .patch('/v1/workspace')
        .set(bearer(admin.token))
        .send({
          name: '  مكتب النور للعقارات ',
          default_language: 'ar',
          time_zone: 'Asia/Dubai',
          low_balance_threshold: { decisions: 7 },
        })
        .expect(200);
      expect(res.body).toMatchObject({
        object: 'workspace',
        id: owner.workspaceId,
        name: 'مكتب النور للعقارات',
        default_language: 'ar',
        time_zone: 'Asia/Dubai',
        low_balance_threshold: { decisions: 7, lead_credits: 3 },
      });
      const read = await api().get('/v1/workspace').set(bearer(agent.token)).expect(200);
      expect(read.body).toMatchObject({ name: 'مكتب النور للعقارات', default_language: 'ar', time_zone: 'Asia/Dubai' });
      const balance = await api().get('/v1/workspace/balance').set(bearer(owner.token)).expect(200);
      expect(balance.body.low_balance_threshold).toEqual({ decisions: 7, lead_credits: 3 });

      await api()
        .patch('/v1/workspace')
        .set(bearer(key))
        .send({ low_balance_threshold: { lead_credits: 0 } })
        .expect(200);
      await api().patch('/v1/workspace').set(bearer(owner.token)).send({ default_language: 'en' }).expect(200);
      const denied = await api().patch('/v1/workspace').set(bearer(agent.token)).send({ name: 'Mine' }).expect(403);
      expect(denied.body).toMatchObject({ error: 'forbidden' });

      for (const [body, field] of [
        [{ time_zone: 'GMT+3' }, 'time_zone'],
        [{ default_language: 'fr' }, 'default_language'],
        [{ name: '   ' }, 'name'],
        [{ low_balance_threshold: { decisions: -1 } }, 'low_balance_threshold.decisions'],
        [{}, 'name'],
        // Left out is not null: a null is refused by the field's rules, never written.
        [{ default_language: null }, 'default_language'],
        [{ name: null }, 'name'],
        [{ time_zone: null }, 'time_zone'],
        [{ low_balance_threshold: { decisions: null } }, 'low_balance_threshold.decisions'],
      ] as const) {
        const bad = await api().patch('/v1/workspace').set(bearer(owner.token)).send(body).expect(422);
        expect(bad.body).toMatchObject({ error: 'validation_error', field });
      }
      const unchanged = await api().get('/v1/workspace').set(bearer(owner.token)).expect(200);
      expect(unchanged.body).toMatchObject({
        name: 'مكتب النور للعقارات',
        default_language: 'en',
        time_zone: 'Asia/Dubai',
      });
      const final = await api().get('/v1/workspace/balance').set(bearer(owner.token)).expect(200);
      expect(final.body.low_balance_threshold).toEqual({ decisions: 7, lead_credits: 0 });
    });
  });

  describe('workspace settings over MCP', () => {
    it('should change the same settings with the tool workspace_update_settings, for an admin and not an agent', async () => {
      const owner = await createMember(platform, { role: 'owner' });
      const admin = await createMember(platform, { role: 'admin', workspaceId: owner.workspaceId });
      const agent = await createMember(platform, { role: 'agent', workspaceId: owner.workspaceId });
      const mcp = await mcpFactoryOf(platform);
      try {
        const client = await mcpClient(mcp.factory, principalOf(admin));
        const result = (await client.callTool({
          name: 'workspace_update_settings',
          arguments: { name: 'عقارات الخليج', time_zone: 'Asia/Dubai', low_balance_threshold: { lead_credits: 9 } },
        })) as { isError?: boolean; structuredContent?: Record<string, unknown> };
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({
          id: owner.workspaceId,
          name: 'عقارات الخليج',
          time_zone: 'Asia/Dubai',
          low_balance_threshold: { decisions: 3, lead_credits: 9 },
        });
        const read = await api().get('/v1/workspace').set(bearer(owner.token)).expect(200);
        expect(read.body).toMatchObject({ name: 'عقارات الخليج', time_zone: 'Asia/Dubai' });

        const bad = (await client.callTool({
          name: 'workspace_update_settings',
          arguments: { time_zone: 'Mars/Olympus' },
        })) as { isError?: boolean; content: { text: string }[] };
        expect(bad.isError).toBe(true);
        expect(JSON.parse(bad.content[0].text)).toMatchObject({ error: 'validation_error', field: 'time_zone' });

        const agentTools = await (await mcpClient(mcp.factory, principalOf(agent))).listTools();
        expect(agentTools.tools.map((tool) => tool.name)).not.toContain('workspace_update_settings');
      } finally {
        await mcp.close();
      }
    });
  });

  describe('delete the workspace', () => {
    async function brokerTeam(): Promise<{ owner: MemberFixture; admin: MemberFixture; agent: MemberFixture }> {
      const owner = await createMember(platform, { role: 'owner' });
      const [admin, agent] = await Promise.all([
        createMember(platform, { role: 'admin', workspaceId: owner.workspaceId }),
        createMember(platform, { role: 'agent', workspaceId: owner.workspaceId }),
      ]);
      return { owner, admin, agent };
    }

    it('should refuse a key, an admin and a wrong password, and 409 while a paid balance is left', async () => {
      const { owner, admin } = await brokerTeam();
      const key = await createApiKey(platform, owner.workspaceId, owner.accountId);
      await api().post('/v1/workspace/decision-packs').set(bearer(key)).send({ size: 5 }).expect(201);

      const byKey = await api().delete('/v1/workspace').set(bearer(key)).send({ password: TEST_PASSWORD }).expect(403);
      expect(byKey.body).toMatchObject({ error: 'api_key_not_allowed' });
      expect(byKey.body.message).toContain('signed-in owner');
      await api().delete('/v1/workspace').set(bearer(admin.token)).send({ password: TEST_PASSWORD }).expect(403);
      await api().delete('/v1/workspace').set(bearer(owner.token)).send({ password: 'wrong' }).expect(422);
      const withBalance = await api()
        .delete('/v1/workspace')
        .set(bearer(owner.token))
        .send({ password: TEST_PASSWORD })
        .expect(409);
      expect(withBalance.body).toMatchObject({
        error: 'conflict',
        details: { balance: { decisions: 5, lead_credits: 0 } },
      });
      expect(withBalance.body.message).toContain('forfeit_balance');
      await api().get('/v1/workspace').set(bearer(key)).expect(200);
    });

    it('should delete a new workspace holding only its welcome and plan credits without forfeit_balance', async () => {
      const email = uniqueEmail('noura');
      await api()
        .post('/v1/accounts')
        .send({ email, password: TEST_PASSWORD, name: 'نورة الشهري', role: 'broker', broker_kind: 'individual' })
        .expect(201);
      const { access_token } = await login(email, TEST_PASSWORD);
      const workspace = await api().get('/v1/workspace').set(bearer(access_token)).expect(200);
      const granted = await api().get('/v1/workspace/balance').set(bearer(access_token)).expect(200);
      expect(granted.body.decisions).toBeGreaterThan(0);

      await api().delete('/v1/workspace').set(bearer(access_token)).send({ password: TEST_PASSWORD }).expect(204);

      const me = await api().get('/v1/me').set(bearer(access_token)).expect(200);
      expect(me.body.workspace).toBeNull();
      const [event] = await query<{ payload: { forfeited: unknown } }>(
        `SELECT payload FROM identity.outbox WHERE subject = 'identity.workspace.deleted.v1' AND payload->>'workspace_id' = $1`,
        [workspace.body.id],
      );
      // Granted credits go with the workspace without asking; the event still says what was given up.
      expect(event.payload.forfeited).toEqual({
        decisions: granted.body.decisions,
        lead_credits: granted.body.lead_credits,
      });
    });

    it('should refuse a workspace that bought a pack without forfeit_balance and delete it with it', async () => {
      const { owner } = await fundedWorkspace(platform, 5);
      const refused = await api()
        .delete('/v1/workspace')
        .set(bearer(owner.token))
        .send({ password: TEST_PASSWORD })
        .expect(409);
      expect(refused.body).toMatchObject({
        error: 'conflict',
        details: { balance: { decisions: 5, lead_credits: 0 } },
      });
      expect(refused.body.message).toContain('5 paid decisions');

      await api()
        .delete('/v1/workspace')
        .set(bearer(owner.token))
        .send({ password: TEST_PASSWORD, forfeit_balance: true })
        .expect(204);
      const me = await api().get('/v1/me').set(bearer(owner.token)).expect(200);
      expect(me.body.workspace).toBeNull();
    });

    it('should unpublish listings, end keys, detach members and stop webhooks, and keep the ledger', async () => {
      const { owner, agent } = await brokerTeam();
      const key = await createApiKey(platform, owner.workspaceId, owner.accountId);
      await api().post('/v1/workspace/lead-credits').set(bearer(key)).send({ quantity: 3 }).expect(201);
      const listing = await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: agent.accountId });
      await api().get(`/v1/properties/${listing}`).expect(200);
      await api()
        .post('/v1/workspace/webhooks')
        .set(bearer(owner.token))
        .send({ url: 'http://127.0.0.1:9/hooks', events: ['leads.inquiry.created.v1'] })
        .expect(201);

      await api()
        .delete('/v1/workspace')
        .set(bearer(owner.token))
        .send({ password: TEST_PASSWORD, forfeit_balance: true })
        .expect(204);

      const refused = await api().get('/v1/workspace/api-keys/current').set(bearer(key)).expect(401);
      expect(refused.body).toMatchObject({ error: 'invalid_api_key' });
      for (const member of [owner, agent]) {
        const me = await api().get('/v1/me').set(bearer(member.token)).expect(200);
        expect(me.body.workspace).toBeNull();
      }
      await eventually(
        () => api().get(`/v1/properties/${listing}`),
        (res) => res.status === 404,
      ).then((res) => expect(res.status).toBe(404));
      const webhooks = await eventually(
        () =>
          query<{ n: number }>(`SELECT count(*)::int AS n FROM notification.webhooks WHERE workspace_id = $1`, [
            owner.workspaceId,
          ]),
        (rows) => rows[0].n === 0,
      );
      expect(webhooks[0].n).toBe(0);
      // Kept for accounting: the ledger of what was bought.
      const ledger = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM billing.ledger_entries WHERE workspace_id = $1`,
        [owner.workspaceId],
      );
      expect(ledger[0].n).toBeGreaterThan(0);
      const [event] = await query<{ payload: { forfeited: unknown } }>(
        `SELECT payload FROM identity.outbox WHERE subject = 'identity.workspace.deleted.v1' AND payload->>'workspace_id' = $1`,
        [owner.workspaceId],
      );
      expect(event.payload.forfeited).toEqual({ decisions: 0, lead_credits: 3 });
    });
  });

  describe('rate limit', () => {
    it('should rate-limit password-reset requests for one address like login', async () => {
      const email = uniqueEmail('flood');
      let limited: request.Response | undefined;
      for (let i = 0; i <= AUTH_RATE_LIMIT && !limited; i++) {
        const res = await api().post('/v1/auth/password-reset').send({ email });
        if (res.status === 429) limited = res;
        else expect(res.status).toBe(202);
      }
      expect(limited?.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
    });
  });
});
