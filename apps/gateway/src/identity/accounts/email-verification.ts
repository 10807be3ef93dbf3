import { Injectable } from '@nestjs/common';
import { AppError } from '@app/errors';
import { AccountsRepository } from './accounts.repository';

/**
 * What an unverified account may not do yet: submit a listing for publication, invite
 * members (issue 25). Everything else works from sign-up on, so API users start at once.
 * For an API key, the account that created it.
 */
@Injectable()
export class EmailVerification {
  constructor(private readonly accounts: AccountsRepository) {}

  async assertVerified(accountId: string, action: string): Promise<void> {
    if (await this.accounts.isEmailVerified(accountId)) return;
    throw new AppError(
      'email_not_verified',
      `Confirm your e-mail address before you ${action}: open the link we e-mailed at sign-up, ` +
        'or ask for a new one with POST /v1/me/verify-email.',
    );
  }
}
