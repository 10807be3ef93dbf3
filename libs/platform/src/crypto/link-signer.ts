import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures for links that act without a login (a saved search's unsubscribe
 * link). Each purpose gets its own key, derived (HKDF) from a shared secret and the purpose's
 * name, so a signature made for one purpose is worthless for any other, and the signed text
 * names the one record it acts on: a link can do one thing, to one record.
 */
export class LinkSigner {
  private readonly key: Buffer;

  /** `secret`: base64, at least 32 bytes (INVITATION_TOKEN_KEY); `purpose`: e.g. `saved-search-unsubscribe.v1`. */
  constructor(secret: string, purpose: string) {
    const material = Buffer.from(secret, 'base64');
    if (material.length < 32) throw new Error('The link signing secret must be at least 32 bytes');
    this.key = Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), `link:${purpose}`, 32));
  }

  /** The signature of `subject` (a record's id), base64url. */
  sign(subject: string): string {
    return createHmac('sha256', this.key).update(subject, 'utf8').digest('base64url');
  }

  /** Whether `signature` was made by `sign(subject)` with this secret and purpose (constant time). */
  verify(subject: string, signature: unknown): boolean {
    if (typeof signature !== 'string' || signature.length > 100) return false;
    const expected = Buffer.from(this.sign(subject), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** The purpose of a saved search's unsubscribe link. */
export const SAVED_SEARCH_UNSUBSCRIBE = 'saved-search-unsubscribe.v1';
