import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { withClient } from '../harness/databases';
import { expectNoSecrets } from '../harness/no-secrets';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PASSWORD = 'correct horse battery';

const uniqueEmail = (tag = 'user') => `${tag}.${randomBytes(5).toString('hex')}@example.com`;

describeE2e('accounts: sign-up', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await sharedPlatform();
  });

  afterAll(() => platform?.close());

  const signUp = (body: Record<string, unknown>) => request(platform.baseUrl).post('/v1/accounts').send(body);

  it('should create a buyer without a workspace when the body is valid', async () => {
    const email = `Sara.Buyer.${randomBytes(4).toString('hex')}@Example.com`;
    const res = await signUp({ email, password: PASSWORD, name: 'Sara Al-Otaibi', role: 'buyer' }).expect(201);
    expect(res.body).toEqual({
      object: 'account',
      id: expect.stringMatching(UUID),
      email,
      name: 'Sara Al-Otaibi',
      phone: null,
      role: 'buyer',
      broker_kind: null,
      language: 'en',
      email_verified: false,
      created_at: expect.any(String),
      workspace: null,
    });
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
    expectNoSecrets(res.body, PASSWORD);
  });

  it('should create a workspace owned by the broker when a broker signs up', async () => {
    const res = await signUp({
      email: uniqueEmail('broker'),
      password: PASSWORD,
      name: 'Omar',
      role: 'broker',
      broker_kind: 'individual',
    }).expect(201);
    expect(res.body).toMatchObject({ role: 'broker', broker_kind: 'individual' });
    expect(res.body.workspace).toEqual({
      id: expect.stringMatching(UUID),
      name: "Omar's workspace",
      kind: 'broker',
      broker_kind: 'individual',
      role: 'owner',
    });
    const rows = await withClient(platform.databaseUrl, (client) =>
      client.query<{ role: string; kind: string; broker_kind: string }>(
        `SELECT m.role, w.kind, w.broker_kind FROM identity.memberships m
           JOIN identity.workspaces w ON w.id = m.workspace_id WHERE m.account_id = $1`,
        [res.body.id],
      ),
    );
    expect(rows.rows).toEqual([{ role: 'owner', kind: 'broker', broker_kind: 'individual' }]);
  });

  it('should name the workspace as asked when a developer sends workspace_name', async () => {
    const res = await signUp({
      email: uniqueEmail('dev'),
      password: PASSWORD,
      name: 'Dar Developments',
      role: 'developer',
      workspace_name: '  دار للتطوير  ',
    }).expect(201);
    expect(res.body.broker_kind).toBeNull();
    expect(res.body.workspace).toMatchObject({
      name: 'دار للتطوير',
      kind: 'developer',
      broker_kind: null,
      role: 'owner',
    });
  });

  it('should store an Arabic name exactly, only trimmed, when it is given with the Arabic language', async () => {
    const res = await signUp({
      email: uniqueEmail('ar'),
      password: PASSWORD,
      name: '  سارة بنت عبدالله العتيبي  ',
      role: 'investor',
      language: 'ar',
    }).expect(201);
    expect(res.body).toMatchObject({ name: 'سارة بنت عبدالله العتيبي', language: 'ar', role: 'investor' });
  });

  it.each([
    ['0501234567', '+966501234567'],
    ['050 123 4567', '+966501234567'],
    ['+966 50 123 4567', '+966501234567'],
    ['00966501234567', '+966501234567'],
    ['+971 50 123 4567', '+971501234567'],
    ['٠٥٠١٢٣٤٥٦٧', '+966501234567'],
    ['۰۵۰۱۲۳۴۵۶۷', '+966501234567'],
    ['0521234567', '+971521234567'],
  ])('should store the phone %s as %s when it is a valid mobile number', async (phone, e164) => {
    const res = await signUp({ email: uniqueEmail('phone'), password: PASSWORD, name: 'Ali', role: 'seller', phone });
    expect(res.status).toBe(201);
    expect(res.body.phone).toBe(e164);
  });

  it('should store a hashed password and the normalised e-mail when an account is created', async () => {
    const email = `Mixed.Case.${randomBytes(4).toString('hex')}@Example.COM`;
    const res = await signUp({ email, password: PASSWORD, name: 'Hash', role: 'buyer' }).expect(201);
    const row = await withClient(platform.databaseUrl, (client) =>
      client.query<{ email: string; email_normalized: string; password_hash: string }>(
        'SELECT email, email_normalized, password_hash FROM identity.accounts WHERE id = $1',
        [res.body.id],
      ),
    );
    expect(row.rows[0].email).toBe(email);
    expect(row.rows[0].email_normalized).toBe(email.toLowerCase());
    expect(row.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(row.rows[0].password_hash).not.toContain(PASSWORD);
  });

  it('should answer 409 conflict on email when the e-mail exists in another case', async () => {
    const email = uniqueEmail('dupe');
    await signUp({ email, password: PASSWORD, name: 'First', role: 'buyer' }).expect(201);
    const res = await signUp({ email: email.toUpperCase(), password: PASSWORD, name: 'Second', role: 'seller' }).expect(
      409,
    );
    expect(res.body).toEqual({
      error: 'conflict',
      message: 'An account with this email already exists.',
      field: 'email',
      code: 'CONFLICT',
    });
  });

  it('should create exactly one account and workspace when the same e-mail signs up concurrently', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        signUp({ email, password: PASSWORD, name: `Racer ${i}`, role: 'broker', broker_kind: 'company' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const counts = await withClient(platform.databaseUrl, (client) =>
      client.query<{ accounts: number; workspaces: number }>(
        `SELECT (SELECT count(*)::int FROM identity.accounts WHERE email_normalized = $1) AS accounts,
                (SELECT count(*)::int FROM identity.workspaces WHERE name LIKE 'Racer %') AS workspaces`,
        [email],
      ),
    );
    expect(counts.rows[0]).toEqual({ accounts: 1, workspaces: 1 });
  });

  it('should accept passwords of exactly 10 and 128 characters when signing up', async () => {
    for (const password of ['p'.repeat(10), 'p'.repeat(128)]) {
      await signUp({ email: uniqueEmail('len'), password, name: 'Len', role: 'buyer' }).expect(201);
    }
  });

  it.each<[string, Record<string, unknown>, string, string?]>([
    ['the e-mail is missing', { email: undefined }, 'email', 'MISSING_REQUIRED_FIELDS'],
    ['the e-mail is malformed', { email: 'not-an-email' }, 'email'],
    ['the password is 9 characters', { password: 'p'.repeat(9) }, 'password'],
    ['the password is 129 characters', { password: 'p'.repeat(129) }, 'password'],
    ['the name is blank', { name: '   ' }, 'name'],
    ['the name is 121 characters', { name: 'n'.repeat(121) }, 'name'],
    ['the role is not one of the five', { role: 'moderator' }, 'role'],
    ['a broker has no broker_kind', { role: 'broker' }, 'broker_kind', 'MISSING_REQUIRED_FIELDS'],
    ['a broker_kind is unknown', { role: 'broker', broker_kind: 'agency' }, 'broker_kind'],
    ['a buyer sends broker_kind', { broker_kind: 'individual' }, 'broker_kind'],
    ['the phone is not a number', { phone: '+966123' }, 'phone'],
    ['the phone is letters', { phone: 'call me' }, 'phone'],
    ['the phone is a landline', { phone: '011 234 5678' }, 'phone'],
    ['the phone has a digit too many', { phone: '05012345678' }, 'phone'],
    ['the language is unknown', { language: 'fr' }, 'language'],
    ['a buyer sends workspace_name', { workspace_name: 'Mine' }, 'workspace_name'],
    ['the body tries to become staff', { is_staff: true }, 'is_staff'],
  ])('should answer 422 validation_error when %s', async (_case, change, field, code = 'INVALID_FIELD_TYPE') => {
    const body = { email: uniqueEmail('bad'), password: PASSWORD, name: 'Bad', role: 'buyer', ...change };
    const res = await signUp(body).expect(422);
    expect(res.body).toMatchObject({ error: 'validation_error', field, code });
    expectNoSecrets(res.body, PASSWORD);
  });

  it('should name the field and show an example when the phone is not a mobile number', async () => {
    const body = {
      email: uniqueEmail('landline'),
      password: PASSWORD,
      name: 'Ali',
      role: 'buyer',
      phone: '011 234 5678',
    };
    const res = await signUp(body).expect(422);
    expect(res.body.message).toMatch(/^phone must be a valid mobile number.*e\.g\. 0501234567 or \+971501234567$/);
    expect(res.body.details).toEqual({ fields: [{ field: 'phone', expected: res.body.message }] });
  });
});
