import type { EntityManager } from 'typeorm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/contracts';

export interface NewModerator {
  email: string;
  name: string;
  /** argon2id of the password (hashPassword). */
  passwordHash: string;
}

/**
 * Platform moderators are staff accounts made by an operator (`npm run create:moderator`)
 * or the standalone demo seed, never by sign-up. A new e-mail gets a staff account (role
 * `buyer`: it belongs to no workspace); an existing account is made staff and keeps its
 * password.
 */
export async function createOrPromoteModerator(
  manager: EntityManager,
  moderator: NewModerator,
): Promise<'created' | 'promoted'> {
  // An UPDATE answers [rows, count] through TypeORM's query().
  const [promoted] = await manager.query<[{ id: string }[], number]>(
    `UPDATE identity.accounts SET is_staff = true, updated_at = now() WHERE email_normalized = $1 RETURNING id`,
    [moderator.email.trim().toLowerCase()],
  );
  if (promoted.length > 0) return 'promoted';
  await manager.query(
    `INSERT INTO identity.accounts (email, email_normalized, password_hash, name, role, is_staff)
     VALUES ($1, $2, $3, $4, 'buyer', true)`,
    [moderator.email.trim(), moderator.email.trim().toLowerCase(), moderator.passwordHash, moderator.name],
  );
  return 'created';
}

/** The password rule sign-up applies, for a password an operator types. */
export function moderatorPasswordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`;
  return undefined;
}
