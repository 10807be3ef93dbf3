import * as argon2 from 'argon2';
import { newSecret } from '../secrets';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/** Computes the throw-away hash ahead of the first login, so that one is not slower either. */
export async function prepareDummyPassword(): Promise<void> {
  dummyHash ??= hashPassword(newSecret());
  await dummyHash;
}

/**
 * Whether the password matches the stored argon2id hash. With no account (unknown
 * e-mail) it still checks against a throw-away hash of the same cost and answers false,
 * so the response time does not tell which e-mails have accounts.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash === undefined) {
    dummyHash ??= hashPassword(newSecret());
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
