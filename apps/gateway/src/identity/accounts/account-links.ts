import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IDENTITY_ACCOUNT_LINK_REQUESTED } from '@app/contracts';
import type { AccountLinkPurpose, AccountLinkRequestedPayload } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { Outbox } from '@app/messaging';
import { SecretBox } from '@app/platform';
import { gatewayConfig } from '../../config/gateway.env';
import { hashSecret, newSecret } from '../secrets';
import type { Account } from './account.entity';

/** How long a link works: a reset link one hour (issue 25); a verification link a week. */
export const LINK_TTL_MS: Record<AccountLinkPurpose, number> = {
  email_verification: 7 * 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/**
 * The single-use links mailed to an account's own address: e-mail verification and password
 * reset. Only the token's sha256 is stored; the token itself travels once, sealed, in the
 * event the notification service turns into the e-mail. Never logged.
 */
@Injectable()
export class AccountLinks {
  private readonly tokenBox: SecretBox | null;

  constructor(
    private readonly outbox: Outbox,
    @InjectConfig(gatewayConfig) config: AppConfig<typeof gatewayConfig>,
  ) {
    this.tokenBox = config.INVITATION_TOKEN_KEY
      ? new SecretBox(config.INVITATION_TOKEN_KEY, 'INVITATION_TOKEN_KEY')
      : null;
  }

  /** A new link in the caller's transaction; it voids the account's earlier unused links of that purpose. */
  async send(tx: EntityManager, account: Account, purpose: AccountLinkPurpose): Promise<void> {
    const token = newSecret();
    const expiresAt = new Date(Date.now() + LINK_TTL_MS[purpose]);
    await tx.query(
      `UPDATE identity.account_tokens SET used_at = now() WHERE account_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [account.id, purpose],
    );
    await tx.query(
      `INSERT INTO identity.account_tokens (account_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)`,
      [account.id, purpose, hashSecret(token), expiresAt],
    );
    await this.outbox.add<AccountLinkRequestedPayload>(tx, IDENTITY_ACCOUNT_LINK_REQUESTED, {
      account_id: account.id,
      purpose,
      email: account.emailNormalized,
      name: account.name,
      language: account.language,
      expires_at: expiresAt.toISOString(),
      token_sealed: this.tokenBox ? this.tokenBox.seal(token) : null,
    });
  }

  /**
   * Spends a link: the account it was for, once, while it is valid; null for an unknown,
   * used or expired token. One statement, so two requests racing with one token cannot both win.
   */
  async consume(tx: EntityManager, token: string, purpose: AccountLinkPurpose): Promise<string | null> {
    const [rows] = await tx.query<[{ account_id: string }[], number]>(
      `UPDATE identity.account_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING account_id`,
      [hashSecret(token), purpose],
    );
    return rows[0]?.account_id ?? null;
  }
}
