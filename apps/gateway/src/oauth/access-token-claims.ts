import { decodeProtectedHeader, jwtVerify } from 'jose';
import type { JWTPayload, createLocalJWKSet } from 'jose';
import { OAUTH_TOKEN_ALG } from './oauth-keys';

export interface OAuthTokenClaims extends JWTPayload {
  sub: string;
  jti: string;
  client_id?: string;
  scope?: string;
  grant_id?: string;
}

export type OAuthKeySet = ReturnType<typeof createLocalJWKSet>;

/**
 * Whether a Bearer token has the shape of our authorization server's access tokens (an EdDSA
 * `at+jwt`); first-party tokens are HS256 and API keys `sk-…`. No verification.
 */
export function looksLikeOAuthAccessToken(token: string): boolean {
  try {
    const header = decodeProtectedHeader(token);
    return header.alg === OAUTH_TOKEN_ALG && header.typ === 'at+jwt';
  } catch {
    return false;
  }
}

/**
 * An access token our authorization server issued: signature, `typ`, algorithm, issuer, expiry,
 * and the audience (one protected resource) when given. Null for anything else.
 */
export async function verifyOAuthAccessToken(
  token: string,
  keySet: OAuthKeySet,
  issuer: string,
  audience?: string,
): Promise<OAuthTokenClaims | null> {
  try {
    const { payload } = await jwtVerify<OAuthTokenClaims>(token, keySet, {
      issuer,
      ...(audience ? { audience } : {}),
      typ: 'at+jwt',
      algorithms: [OAUTH_TOKEN_ALG],
      requiredClaims: ['sub', 'exp', 'jti'],
    });
    return typeof payload.sub === 'string' && typeof payload.jti === 'string' ? payload : null;
  } catch {
    return null;
  }
}
