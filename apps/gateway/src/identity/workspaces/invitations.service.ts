import { Injectable } from '@nestjs/common';
import type {
  AcceptedMemberResponse,
  AcceptInvitationBody,
  CreateInvitationBody,
  InvitationListResponse,
  InvitationResponse,
  Principal,
} from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { SecretBox } from '@app/platform';
import { gatewayConfig } from '../../config/gateway.env';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { hashSecret, newSecret } from '../secrets';
import { InvitationsRepository } from './invitations.repository';
import type { InviteeAccount, Joiner } from './invitations.repository';
import { normalizeEmail } from '../accounts/email';
import { EmailVerification } from '../accounts/email-verification';
import { actorFor, assertNewPassword, invitationExpiry, isUuid } from './team-rules';
import type { Workspace } from './workspace.entity';
import { toAcceptedMemberResponse, toInvitationListResponse, toInvitationResponse } from './invitation.mapper';

const GONE = 'This invitation does not exist, was already used or revoked, or has expired. Ask for a new one.';

/** Inviting people into a workspace, and joining one with the invitation's token. */
@Injectable()
export class InvitationsService {
  /** Seals the accept token into the invitation event, for the notification service only. */
  private readonly tokenBox: SecretBox | null;

  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly emails: EmailVerification,
    @InjectConfig(gatewayConfig) config: AppConfig<typeof gatewayConfig>,
  ) {
    this.tokenBox = config.INVITATION_TOKEN_KEY
      ? new SecretBox(config.INVITATION_TOKEN_KEY, 'INVITATION_TOKEN_KEY')
      : null;
  }

  /** The token goes to the invitee by e-mail only: whoever holds it chooses the account's password. */
  async invite(principal: Principal, dto: CreateInvitationBody): Promise<InvitationResponse> {
    const { workspaceId, accountId } = actorFor(principal, 'team:manage');
    await this.emails.assertVerified(accountId, 'send invitations');
    if (!this.tokenBox) {
      throw new AppError(
        'service_unavailable',
        'Invitations cannot be e-mailed on this platform (INVITATION_TOKEN_KEY is not set).',
      );
    }
    const token = newSecret();
    const email = normalizeEmail(dto.email);
    const outcome = await this.invitations.create(
      {
        workspaceId,
        emailNormalized: email,
        role: dto.role,
        tokenHash: hashSecret(token),
        invitedBy: accountId,
        expiresAt: invitationExpiry(new Date()),
      },
      this.tokenBox.seal(token),
    );
    switch (outcome.kind) {
      case 'created':
        return toInvitationResponse(outcome.invitation);
      case 'already_member':
        throw new AppError('conflict', `${email} is already a member of this workspace.`);
      case 'already_invited':
        throw new AppError('conflict', `${email} already has a pending invitation: revoke it to send a new one.`);
    }
  }

  async listPending(principal: Principal): Promise<InvitationListResponse> {
    const { workspaceId } = actorFor(principal, 'team:manage');
    return toInvitationListResponse(await this.invitations.listPending(workspaceId));
  }

  async revoke(principal: Principal, invitationId: string): Promise<void> {
    const { workspaceId } = actorFor(principal, 'team:manage');
    const revoked = isUuid(invitationId) && (await this.invitations.revoke(workspaceId, invitationId));
    if (!revoked) {
      throw new AppError(
        'not_found',
        `There is no pending invitation ${JSON.stringify(invitationId)} in your workspace.`,
      );
    }
  }

  /**
   * Joins the invitation's workspace with its role: an existing account proves itself with
   * its password; otherwise the account is created. Single use, even under concurrent accepts.
   */
  async accept(dto: AcceptInvitationBody): Promise<AcceptedMemberResponse> {
    const tokenHash = hashSecret(dto.token);
    const pending = await this.invitations.findPendingByTokenHash(tokenHash);
    if (!pending) throw new AppError('not_found', GONE);
    const { invitation, workspace } = pending;
    const existing = await this.invitations.findAccountByEmail(invitation.emailNormalized);
    const joiner = existing
      ? await this.existingJoiner(existing, dto)
      : await this.newJoiner(invitation.emailNormalized, workspace, dto);
    const member = await this.invitations.accept(tokenHash, joiner);
    if (!member) throw new AppError('not_found', GONE);
    return toAcceptedMemberResponse(member, workspace);
  }

  private async existingJoiner(account: InviteeAccount, dto: AcceptInvitationBody): Promise<Joiner> {
    if (!(await verifyPassword(account.passwordHash, dto.password))) {
      throw new AppError('unauthorized', 'An account with this email exists: send its password to join.');
    }
    // "Already in a workspace" is decided inside the accepting transaction, after the claim
    // (memberships_account_uq): checked here, a concurrent accept that lost the claim would
    // see the winner's membership and answer 409 instead of 404.
    return { existingAccountId: account.id };
  }

  private async newJoiner(email: string, workspace: Workspace, dto: AcceptInvitationBody): Promise<Joiner> {
    const name = dto.name?.trim();
    if (!name) {
      throw new AppError('validation_error', 'name is required', {
        field: 'name',
        nestedCode: 'MISSING_REQUIRED_FIELDS',
      });
    }
    assertNewPassword(dto.password);
    return {
      newAccount: {
        email,
        emailNormalized: email,
        name,
        passwordHash: await hashPassword(dto.password),
        role: workspace.kind,
        brokerKind: workspace.kind === 'broker' ? workspace.brokerKind : null,
      },
    };
  }
}
