import type { DataSource } from 'typeorm';

/** The `identity.oauth_models` kind of a revoked access token: its `jti`, kept until the token would have expired. */
export const REVOKED_ACCESS_TOKEN = 'RevokedAccessToken';

/**
 * Access tokens are JWTs, checked without a look-up of the token itself; revoking one
 * (RFC 7009) records its `jti` in PostgreSQL, which every replica reads on each request
 * (the same query that checks the grant), so the token is refused everywhere at once.
 * Tied to the grant: revoking the grant drops these rows with it.
 */
export async function recordRevokedAccessToken(
  dataSource: DataSource,
  token: { jti: string; grantId?: string; accountId: string; clientId?: string; exp: number },
): Promise<void> {
  await dataSource.query(
    `INSERT INTO identity.oauth_models (kind, id, payload, grant_id, account_id, client_id, expires_at)
     VALUES ($1, $2, '{}'::jsonb, $3, $4, $5, to_timestamp($6))
     ON CONFLICT (kind, id) DO NOTHING`,
    [REVOKED_ACCESS_TOKEN, token.jti, token.grantId ?? null, token.accountId, token.clientId ?? null, token.exp],
  );
}
