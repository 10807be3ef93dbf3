import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { RefreshToken } from './refresh-token.entity';

export interface NewRefreshToken {
  tokenHash: string;
  expiresAt: Date;
}

export interface RefreshSession {
  accountId: string;
  familyId: string;
}

@Injectable()
export class RefreshTokensRepository {
  constructor(
    @InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource,
    @InjectRepository(RefreshToken, IDENTITY_DATABASE) private readonly tokens: Repository<RefreshToken>,
  ) {}

  async create(session: RefreshSession, token: NewRefreshToken): Promise<void> {
    await this.tokens.insert({ ...session, ...token });
  }

  /**
   * Spends the token with this hash and stores its successor in the same family, in one
   * transaction. The conditional UPDATE is the lock: of two concurrent rotations of one
   * token, exactly one finds it unused. Null when the token is unknown, spent, expired,
   * or its family is revoked.
   */
  rotate(presentedHash: string, next: NewRefreshToken): Promise<RefreshSession | null> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ account_id: string; family_id: string }[], number]>(
        `UPDATE identity.refresh_tokens t
            SET used_at = now()
          WHERE t.token_hash = $1
            AND t.used_at IS NULL
            AND t.revoked_at IS NULL
            AND t.expires_at > now()
            AND NOT EXISTS (SELECT 1 FROM identity.refresh_tokens r
                             WHERE r.family_id = t.family_id AND r.revoked_at IS NOT NULL)
        RETURNING t.account_id, t.family_id`,
        [presentedHash],
      );
      const row = rows[0];
      if (!row) return null;
      const session = { accountId: row.account_id, familyId: row.family_id };
      await manager.insert(RefreshToken, { ...session, ...next });
      return session;
    });
  }

  /** When the token with this hash was already spent: revokes its whole family and returns it. */
  async revokeFamilyIfSpent(presentedHash: string): Promise<RefreshSession | null> {
    const [rows] = await this.dataSource.query<[{ account_id: string; family_id: string }[], number]>(
      `UPDATE identity.refresh_tokens
          SET revoked_at = now()
        WHERE family_id = (SELECT family_id FROM identity.refresh_tokens WHERE token_hash = $1 AND used_at IS NOT NULL)
          AND revoked_at IS NULL
      RETURNING account_id, family_id`,
      [presentedHash],
    );
    const row = rows[0];
    return row ? { accountId: row.account_id, familyId: row.family_id } : null;
  }

  /** Ends a login session: every token of the family, if it is the account's. */
  async revokeFamily(familyId: string, accountId: string): Promise<void> {
    await this.tokens
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('family_id = :familyId AND account_id = :accountId AND revoked_at IS NULL', { familyId, accountId })
      .execute();
  }

  /** Ends the session a refresh token belongs to, if it is the account's. */
  async revokeFamilyOfToken(tokenHash: string, accountId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE identity.refresh_tokens
          SET revoked_at = now()
        WHERE family_id = (SELECT family_id FROM identity.refresh_tokens WHERE token_hash = $1 AND account_id = $2)
          AND revoked_at IS NULL`,
      [tokenHash, accountId],
    );
  }
}
