import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DataSource } from 'typeorm';

/**
 * Models whose id is itself a bearer credential (the code or token a client presents): stored under
 * its SHA-256 and without its `jti`, which `find` puts back from the presented value, so the table
 * holds nothing a reader could replay. Clients, grants, sessions and interactions keep their ids.
 */
const CREDENTIAL_KINDS = new Set([
  'AuthorizationCode',
  'RefreshToken',
  'AccessToken',
  'ClientCredentials',
  'RegistrationAccessToken',
  'InitialAccessToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

interface ModelRow {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

/**
 * oidc-provider's storage over `identity.oauth_models` (the default store is memory: replicas
 * would not share grants). One adapter per model kind; expired rows read as absent.
 */
export class OAuthModelsRepository implements Adapter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly kind: string,
  ) {}

  private get credentials(): boolean {
    return CREDENTIAL_KINDS.has(this.kind);
  }

  /** The stored key: a credential's SHA-256, any other model's own id. */
  private key(id: string): string {
    return this.credentials ? createHash('sha256').update(id).digest('hex') : id;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const grantId = payload.grantId ?? (this.kind === 'Grant' ? id : null);
    const stored: AdapterPayload = this.credentials ? { ...payload, jti: undefined } : payload;
    await this.dataSource.query(
      `INSERT INTO identity.oauth_models (kind, id, payload, grant_id, uid, user_code, account_id, client_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::int > 0 THEN now() + make_interval(secs => $9::int) END)
       ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
         user_code = EXCLUDED.user_code, account_id = EXCLUDED.account_id, client_id = EXCLUDED.client_id,
         expires_at = EXCLUDED.expires_at`,
      [
        this.kind,
        this.key(id),
        stored,
        grantId,
        payload.uid ?? null,
        payload.userCode ?? null,
        payload.accountId ?? null,
        payload.clientId ?? null,
        expiresIn > 0 ? Math.ceil(expiresIn) : 0,
      ],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const payload = await this.findOne('id = $2', this.key(id));
    return payload && this.credentials ? { ...payload, jti: id } : payload;
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findOne('uid = $2', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findOne('user_code = $2', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE identity.oauth_models SET consumed_at = now() WHERE kind = $1 AND id = $2 AND consumed_at IS NULL`,
      [this.kind, this.key(id)],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM identity.oauth_models WHERE kind = $1 AND id = $2`, [
      this.kind,
      this.key(id),
    ]);
  }

  /** Every model of the grant, the grant itself included: its tokens stop working at once. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM identity.oauth_models WHERE grant_id = $1`, [grantId]);
  }

  private async findOne(where: string, value: string): Promise<AdapterPayload | undefined> {
    const rows = await this.dataSource.query<ModelRow[]>(
      `SELECT payload, consumed_at FROM identity.oauth_models
        WHERE kind = $1 AND ${where} AND (expires_at IS NULL OR expires_at > now())`,
      [this.kind, value],
    );
    const row = rows[0];
    if (!row) return undefined;
    return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
  }
}
