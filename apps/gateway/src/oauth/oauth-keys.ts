import { createHmac, createPrivateKey, hkdfSync } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { SigningKeys } from '../identity/auth/signing-keys';

/** The algorithm of MCP access tokens: Ed25519 keys derive from a secret, so replicas need no shared key file. */
export const OAUTH_TOKEN_ALG = 'EdDSA';

export interface OAuthKeys {
  /** Private JWKs; the first signs, every one verifies (rotation: add a key first, drop the old one later). */
  signing: JsonWebKey[];
  /** The same keys without their private parts: what /mcp verifies tokens with. */
  verifying: JsonWebKey[];
  cookies: string[];
}

// PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function ed25519FromSeed(kid: string, seed: Buffer): JsonWebKey {
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  return { ...key.export({ format: 'jwk' }), kid, alg: OAUTH_TOKEN_ALG, use: 'sig' };
}

/**
 * The authorization server's keys, from configuration: token signing keys derive from each
 * JWT_SIGNING_KEYS entry (HKDF, labelled), so rotating that ring rotates these; cookie keys are
 * OAUTH_COOKIE_KEYS, or derived the same way when unset.
 */
export function oauthKeysFrom(jwtSigningKeys: string, cookieKeys: string | undefined): OAuthKeys {
  const ring = SigningKeys.parse(jwtSigningKeys);
  const signing = ring.all.map(({ kid, secret }) =>
    ed25519FromSeed(`oauth-${kid}`, Buffer.from(hkdfSync('sha256', secret, 'oauth', 'mcp-access-token-signing', 32))),
  );
  const verifying = signing.map(({ d: _private, ...publicPart }) => publicPart);
  const cookies = cookieKeys
    ? cookieKeys.split(',')
    : ring.all.map(({ secret }) => createHmac('sha256', secret).update('oauth-cookie-keys').digest('base64url'));
  return { signing, verifying, cookies };
}
