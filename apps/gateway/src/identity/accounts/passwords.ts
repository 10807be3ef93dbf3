import { hash, verify } from '@node-rs/argon2';
import { newSecret } from '../secrets';

/** argon2id, the library's default, with its default cost: OWASP's recommendation (19 MiB, 2 passes, 1 lane). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
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
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined) {
    dummyHash ??= hashPassword(newSecret());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}
