import { Injectable, Logger } from '@nestjs/common';
import type {
  ChangePasswordBody,
  DeleteAccountBody,
  EmailVerifiedResponse,
  PasswordResetAcceptedResponse,
  PasswordResetConfirmBody,
  Principal,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { AccountLinks } from '../accounts/account-links';
import { AccountsRepository } from '../accounts/accounts.repository';
import { normalizeEmail } from '../accounts/email';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { AccountLifecycleRepository } from './account-lifecycle.repository';

const RESET_ACCEPTED =
  'If an account uses this address, a link to reset its password is on its way. It works once, for one hour.';

const invalidLink = (what: string) =>
  new AppError('validation_error', `The ${what} link is invalid, already used or expired: ask for a new one.`, {
    field: 'token',
  });

/**
 * What a returning user needs (issue 25): verify the e-mail address, reset a forgotten
 * password, change it, delete the account. Tokens and passwords are never logged.
 */
@Injectable()
export class AccountLifecycleService {
  private readonly logger = new Logger(AccountLifecycleService.name);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly lifecycle: AccountLifecycleRepository,
    private readonly links: AccountLinks,
  ) {}

  async verifyEmail(token: string): Promise<EmailVerifiedResponse> {
    const verified = await this.lifecycle.transaction(async (tx) => {
      const accountId = await this.links.consume(tx, token, 'email_verification');
      if (accountId) await this.lifecycle.markEmailVerified(tx, accountId);
      return accountId;
    });
    if (!verified) throw invalidLink('verification');
    return { object: 'email_verification', email_verified: true };
  }

  /** A new verification link, for an account that lost or let expire the first; 409 when already verified. */
  async resendVerification(principal: Principal): Promise<void> {
    const found = await this.accounts.findWithWorkspace(principal.accountId);
    if (!found) throw new AppError('invalid_token', 'The access token is invalid or expired.');
    if (found.account.emailVerifiedAt) throw new AppError('conflict', 'Your e-mail address is already confirmed.');
    await this.lifecycle.transaction((tx) => this.links.send(tx, found.account, 'email_verification'));
  }

  /** Always the same answer, whether or not the address has an account (nothing is disclosed). */
  async requestPasswordReset(email: string): Promise<PasswordResetAcceptedResponse> {
    const account = await this.accounts.findByEmailNormalized(normalizeEmail(email));
    if (account && !account.deletedAt) {
      await this.lifecycle.transaction((tx) => this.links.send(tx, account, 'password_reset'));
    }
    return { object: 'password_reset', message: RESET_ACCEPTED };
  }

  /** The link proves the address too: an unverified account is verified by a reset. */
  async confirmPasswordReset(dto: PasswordResetConfirmBody): Promise<void> {
    const passwordHash = await hashPassword(dto.password);
    const accountId = await this.lifecycle.transaction(async (tx) => {
      const owner = await this.links.consume(tx, dto.token, 'password_reset');
      if (!owner) return null;
      await this.lifecycle.setPassword(tx, owner, passwordHash);
      await this.lifecycle.markEmailVerified(tx, owner);
      return owner;
    });
    if (!accountId) throw invalidLink('password reset');
    this.logger.log({ account_id: accountId }, 'Password reset: every session ended');
  }

  /** Every session ends, the caller's too: log in again with the new password. */
  async changePassword(principal: Principal, dto: ChangePasswordBody): Promise<void> {
    await this.assertPassword(principal.accountId, dto.current_password, 'current_password');
    const passwordHash = await hashPassword(dto.new_password);
    await this.lifecycle.transaction((tx) => this.lifecycle.setPassword(tx, principal.accountId, passwordHash));
    this.logger.log({ account_id: principal.accountId }, 'Password changed: every session ended');
  }

  /**
   * The owner of a workspace cannot leave it without an owner: with other members, transfer
   * ownership first; alone, delete the workspace first (DELETE /v1/workspace, where the
   * balance is settled). Anyone else's account is erased at once, everywhere through the event.
   */
  async deleteAccount(principal: Principal, dto: DeleteAccountBody): Promise<void> {
    await this.assertPassword(principal.accountId, dto.password, 'password');
    const owned = await this.lifecycle.ownedWorkspace(principal.accountId);
    if (owned && owned.others > 0) {
      throw new AppError(
        'conflict',
        `You own a workspace with ${owned.others} other member${owned.others === 1 ? '' : 's'}: transfer ownership ` +
          'first (POST /v1/workspace/ownership-transfer), then delete your account.',
      );
    }
    if (owned) {
      throw new AppError(
        'conflict',
        'You own a workspace: delete it first (DELETE /v1/workspace), then delete your account.',
      );
    }
    await this.lifecycle.eraseAccount(principal.accountId);
    this.logger.log({ account_id: principal.accountId }, 'Account deleted');
  }

  private async assertPassword(accountId: string, password: string, field: string): Promise<void> {
    const found = await this.accounts.findWithWorkspace(accountId);
    if (!(await verifyPassword(found?.account.passwordHash, password))) {
      throw new AppError('validation_error', `${field} is incorrect`, { field });
    }
  }
}
