import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import jwt from 'jsonwebtoken';
import type { AccountRole, BrokerKind, WorkspaceRole } from '@app/contracts';
import { withClient } from './databases';
import type { Platform } from './platform';

/**
 * Identity rows written straight into the `identity` schema, so tests of one feature do
 * not depend on sign-up and login being built, and each test makes its own people.
 */

/** Every fixture account's password. */
export const TEST_PASSWORD = 'correct-horse-battery-staple';

export interface WorkspaceFixture {
  id: string;
  name: string;
  kind: 'broker' | 'developer';
  brokerKind: BrokerKind | null;
}

export interface AccountFixture {
  accountId: string;
  email: string;
  name: string;
  password: string;
  accountRole: AccountRole;
  /** A valid access token for this account. */
  token: string;
}

export interface MemberFixture extends AccountFixture {
  workspaceId: string;
  role: WorkspaceRole;
}

let passwordHash: Promise<string> | undefined;

function testPasswordHash(): Promise<string> {
  passwordHash ??= hash(TEST_PASSWORD); // argon2id, as the gateway stores passwords
  return passwordHash;
}

function unique(): string {
  return randomBytes(4).toString('hex');
}

export async function createWorkspace(
  platform: Platform,
  options: { kind?: 'broker' | 'developer'; brokerKind?: BrokerKind | null; name?: string } = {},
): Promise<WorkspaceFixture> {
  const kind = options.kind ?? 'broker';
  const brokerKind = kind === 'broker' ? (options.brokerKind ?? 'company') : null;
  const name = options.name ?? `Workspace ${unique()}`;
  const rows = await withClient(platform.databaseUrl, (client) =>
    client.query<{ id: string }>(
      `INSERT INTO identity.workspaces (name, kind, broker_kind) VALUES ($1, $2, $3) RETURNING id`,
      [name, kind, brokerKind],
    ),
  );
  return { id: rows.rows[0].id, name, kind, brokerKind };
}

/** An account in no workspace (a buyer by default). */
export async function createAccount(
  platform: Platform,
  options: { accountRole?: AccountRole; brokerKind?: BrokerKind; email?: string; name?: string } = {},
): Promise<AccountFixture> {
  const accountRole = options.accountRole ?? 'buyer';
  const email = options.email ?? `user-${unique()}@example.test`;
  const name = options.name ?? `User ${unique()}`;
  const brokerKind = accountRole === 'broker' ? (options.brokerKind ?? 'company') : null;
  const hash = await testPasswordHash();
  const rows = await withClient(platform.databaseUrl, (client) =>
    client.query<{ id: string }>(
      `INSERT INTO identity.accounts (email, email_normalized, password_hash, name, role, broker_kind)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [email, email.trim().toLowerCase(), hash, name, accountRole, brokerKind],
    ),
  );
  const accountId = rows.rows[0].id;
  return { accountId, email, name, password: TEST_PASSWORD, accountRole, token: accessTokenFor(accountId) };
}

/**
 * An account with a membership. Without a workspaceId, a new broker (company) workspace is
 * made for it. The account role follows the workspace kind unless given.
 */
export async function createMember(
  platform: Platform,
  options: { workspaceId?: string; role: WorkspaceRole; accountRole?: AccountRole; email?: string; name?: string },
): Promise<MemberFixture> {
  const workspaceId = options.workspaceId ?? (await createWorkspace(platform)).id;
  const workspace = await withClient(platform.databaseUrl, (client) =>
    client.query<{ kind: 'broker' | 'developer'; broker_kind: BrokerKind | null }>(
      `SELECT kind, broker_kind FROM identity.workspaces WHERE id = $1`,
      [workspaceId],
    ),
  );
  const { kind, broker_kind } = workspace.rows[0];
  const account = await createAccount(platform, {
    accountRole: options.accountRole ?? kind,
    brokerKind: broker_kind ?? undefined,
    email: options.email,
    name: options.name,
  });
  await withClient(platform.databaseUrl, (client) =>
    client.query(`INSERT INTO identity.memberships (workspace_id, account_id, role) VALUES ($1, $2, $3)`, [
      workspaceId,
      account.accountId,
      options.role,
    ]),
  );
  return { ...account, workspaceId, role: options.role };
}

/** A workspace API key; returns the secret (`sk-…`). */
export async function createApiKey(platform: Platform, workspaceId: string, createdBy: string): Promise<string> {
  const secret = `sk-${randomBytes(32).toString('base64url')}`;
  await withClient(platform.databaseUrl, (client) =>
    client.query(
      `INSERT INTO identity.api_keys (workspace_id, label, prefix, secret_hash, created_by)
       VALUES ($1, 'test', $2, $3, $4)`,
      [workspaceId, secret.slice(0, 9), createHash('sha256').update(secret, 'utf8').digest('hex'), createdBy],
    ),
  );
  return secret;
}

/**
 * An access token as the gateway signs it (auth/access-tokens.service.ts), with the run's
 * first key from JWT_SIGNING_KEYS, which startPlatform() sets in this process in both modes.
 */
export function accessTokenFor(accountId: string, options: { expiresIn?: number } = {}): string {
  const ring = process.env.JWT_SIGNING_KEYS;
  if (!ring) throw new Error('JWT_SIGNING_KEYS is not set: call startPlatform() first');
  const first = ring.split(',')[0];
  const index = first.indexOf(':');
  const kid = first.slice(0, index);
  const secret = first.slice(index + 1);
  return jwt.sign({ sid: randomUUID() }, secret, {
    algorithm: 'HS256',
    keyid: kid,
    header: { alg: 'HS256', typ: 'at+jwt', kid },
    subject: accountId,
    issuer: 'property-decision-platform',
    audience: 'property-decision-api',
    expiresIn: options.expiresIn ?? 900,
  });
}
