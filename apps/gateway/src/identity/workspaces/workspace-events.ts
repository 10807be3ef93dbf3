import type { EntityManager } from 'typeorm';
import { IDENTITY_INVITATION_CREATED, IDENTITY_WORKSPACE_CREATED } from '@app/contracts';
import type { InvitationCreatedPayload, Language, WorkspaceCreatedPayload } from '@app/contracts';
import type { Outbox } from '@app/messaging';
import type { Invitation } from './invitation.entity';
import type { Workspace } from './workspace.entity';

export function workspaceCreatedPayload(
  workspace: Workspace,
  options: { demo?: boolean } = {},
): WorkspaceCreatedPayload {
  return {
    workspace_id: workspace.id,
    kind: workspace.kind,
    broker_kind: workspace.brokerKind,
    created_at: workspace.createdAt.toISOString(),
    ...(options.demo ? { demo: true } : {}),
  };
}

/**
 * In the creating transaction: billing grants the welcome allowance from this event (the
 * path that never loses it); WelcomeAllowance asks for it at once as well.
 */
export function recordWorkspaceCreated(
  outbox: Outbox,
  tx: EntityManager,
  workspace: Workspace,
  options: { demo?: boolean } = {},
): Promise<string> {
  return outbox.add<WorkspaceCreatedPayload>(
    tx,
    IDENTITY_WORKSPACE_CREATED,
    workspaceCreatedPayload(workspace, options),
  );
}

/**
 * In the inviting transaction: the notification service mails the invitee the accept link.
 * The invitee's language when they already have an account, else the inviter's.
 */
export async function recordInvitationCreated(
  outbox: Outbox,
  tx: EntityManager,
  invitation: Invitation,
  acceptTokenSealed: string | null,
): Promise<string> {
  const [context] = await tx.query<
    { workspace_name: string; inviter_name: string; inviter_language: Language; invitee_language: Language | null }[]
  >(
    `SELECT w.name AS workspace_name, inviter.name AS inviter_name, inviter.language AS inviter_language,
            (SELECT a.language FROM identity.accounts a WHERE a.email_normalized = $3) AS invitee_language
       FROM identity.workspaces w, identity.accounts inviter
      WHERE w.id = $1 AND inviter.id = $2`,
    [invitation.workspaceId, invitation.invitedBy, invitation.emailNormalized],
  );
  return outbox.add<InvitationCreatedPayload>(tx, IDENTITY_INVITATION_CREATED, {
    invitation_id: invitation.id,
    workspace_id: invitation.workspaceId,
    workspace_name: context.workspace_name,
    email: invitation.emailNormalized,
    role: invitation.role,
    language: context.invitee_language ?? context.inviter_language,
    inviter_name: context.inviter_name,
    expires_at: invitation.expiresAt.toISOString(),
    accept_token_sealed: acceptTokenSealed,
  });
}
