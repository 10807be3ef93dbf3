import { createHash } from 'node:crypto';
import request from 'supertest';
import { mailedAccountLinkToken } from '../harness/account-mail';
import { FAST_MAIL_ENV, mailedAcceptToken } from '../harness/invitation-mail';
import { describeDistributed } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { startSmtpSink } from '../harness/smtp-sink';
import type { SmtpSink } from '../harness/smtp-sink';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * Every credential flow once, with debug logging on every process, then a search of the
 * logs and of every response body for anything secret (issue: identity, point 7).
 */
describeDistributed('secrets in logs and responses', () => {
  let platform: Platform;
  let smtp: SmtpSink;
  const responses: string[] = [];
  const secrets: string[] = [];

  const api = () => request(platform.baseUrl);
  const record = <T extends { text: string }>(res: T): T => {
    responses.push(res.text);
    return res;
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    platform = await startPlatform({
      env: { ...FAST_MAIL_ENV, SMTP_URL: smtp.url, LOG_LEVEL: 'trace', AUTH_RATE_LIMIT: '1000' },
    });
  });

  afterAll(async () => {
    await platform?.close();
    await smtp?.close();
  });

  it('should write no password, token, key secret or hash to any log line or response', async () => {
    const ownerPassword = 'owner-Secret-Passw0rd-Σ';
    const email = `leak-${Date.now()}@example.test`;
    secrets.push(ownerPassword);
    record(
      await api()
        .post('/v1/accounts')
        .send({ email, password: ownerPassword, name: 'سارة الحربي', role: 'broker', broker_kind: 'company' })
        .expect(201),
    );
    record(await api().post('/v1/auth/login').send({ email, password: 'wrong-password-123' }).expect(401));
    const login = record(await api().post('/v1/auth/login').send({ email, password: ownerPassword }).expect(200));
    const { access_token: accessToken, refresh_token: refreshToken } = login.body as Record<string, string>;
    const refreshed = record(await api().post('/v1/auth/refresh').send({ refresh_token: refreshToken }).expect(200));
    const { access_token: access2, refresh_token: refresh2 } = refreshed.body as Record<string, string>;
    secrets.push(accessToken, refreshToken, access2, refresh2);
    record(await api().post('/v1/auth/refresh').send({ refresh_token: refreshToken }).expect(401)); // reuse

    const login2 = record(await api().post('/v1/auth/login').send({ email, password: ownerPassword }).expect(200));
    const bearer = `Bearer ${(login2.body as Record<string, string>).access_token}`;
    secrets.push(
      (login2.body as Record<string, string>).access_token,
      (login2.body as Record<string, string>).refresh_token,
    );
    record(await api().get('/v1/me').set('authorization', bearer).expect(200));
    // The address is confirmed with the mailed link before the owner invites anyone.
    const verifyToken = await mailedAccountLinkToken(smtp, email, 'verify-email');
    secrets.push(verifyToken);
    record(await api().post('/v1/auth/verify-email').send({ token: verifyToken }).expect(200));

    const created = record(
      await api().post('/v1/workspace/api-keys').set('authorization', bearer).send({ label: 'Leak test' }).expect(201),
    );
    const key = created.body as { id: string; secret: string };
    secrets.push(key.secret);
    record(await api().get('/v1/workspace').set('authorization', `Bearer ${key.secret}`).expect(200));
    const rotated = record(
      await api().post(`/v1/workspace/api-keys/${key.id}/rotate`).set('authorization', bearer).expect(200),
    );
    secrets.push((rotated.body as { secret: string }).secret);
    record(await api().get('/v1/workspace/api-keys').set('authorization', bearer).expect(200));
    record(await api().get('/v1/workspace').set('authorization', 'Bearer sk-not-a-real-key').expect(401));

    const invitee = `agent-${Date.now()}@example.test`;
    record(
      await api()
        .post('/v1/workspace/invitations')
        .set('authorization', bearer)
        .send({ email: invitee, role: 'agent' })
        .expect(201),
    );
    const acceptToken = await mailedAcceptToken(smtp, invitee);
    const agentPassword = 'agent-Secret-Passw0rd-Ω';
    secrets.push(acceptToken, agentPassword);
    record(
      await api()
        .post('/v1/invitations/accept')
        .send({ token: acceptToken, password: agentPassword, name: 'Agent Leak' })
        .expect(200),
    );
    record(await api().post('/v1/auth/logout').set('authorization', bearer).send({}).expect(204));
    // A forgotten password: the reset link and the new password.
    record(await api().post('/v1/auth/password-reset').send({ email }).expect(202));
    const resetToken = await mailedAccountLinkToken(smtp, email, 'reset-password');
    const newPassword = 'owner-New-Passw0rd-Ψ';
    secrets.push(resetToken, newPassword);
    record(
      await api()
        .post('/v1/auth/password-reset/confirm')
        .send({ token: resetToken, password: newPassword })
        .expect(204),
    );

    await new Promise((resolve) => setTimeout(resolve, 300)); // let the last log lines arrive
    const logs = platform.logs();
    expect(logs.length).toBeGreaterThan(1000); // trace logging really ran
    expect(logs).toContain('/v1/auth/login'); // requests were logged, only without their secrets

    const issuedAfterCreation = responses.slice(1).join('\n');
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(sha256(secret));
      expect(responses.join('\n')).not.toContain(sha256(secret));
    }
    // Passwords never come back; key secrets only in the responses that create them.
    expect(responses.join('\n')).not.toContain(ownerPassword);
    expect(responses.join('\n')).not.toContain(agentPassword);
    expect(responses.join('\n')).not.toContain(newPassword);
    for (const hashMarker of ['$argon2', 'password_hash', 'secret_hash', 'token_hash']) {
      expect(logs).not.toContain(hashMarker);
      expect(issuedAfterCreation).not.toContain(hashMarker);
    }
  });
});
