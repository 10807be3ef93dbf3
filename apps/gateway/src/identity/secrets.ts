import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits of randomness, URL-safe: API key secrets, refresh and invitation tokens. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Secrets we issue are high-entropy, so a fast hash is enough to store them (a slow hash
 * protects guessable passwords, which these are not); the hash is the look-up key.
 */
export function hashSecret(secret: string): string {
  // One-shot: no Hash object per call (every keyed request hashes its key to find it in the cache).
  return hash('sha256', secret, 'hex');
}

export function sameSecretHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
