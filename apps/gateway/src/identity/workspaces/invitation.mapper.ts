import type { AcceptedMemberResponse, InvitationListResponse, InvitationResponse } from '@app/contracts';
import type { Invitation } from './invitation.entity';
import type { MemberRow } from './workspace.mapper';

export function toInvitationResponse(invitation: Invitation): InvitationResponse {
  return {
    object: 'invitation',
    id: invitation.id,
    email: invitation.emailNormalized,
    role: invitation.role,
    expires_at: invitation.expiresAt.toISOString(),
    created_at: invitation.createdAt.toISOString(),
  };
}

export function toInvitationListResponse(invitations: Invitation[]): InvitationListResponse {
  return { object: 'list', data: invitations.map(toInvitationResponse), total: invitations.length };
}

export function toAcceptedMemberResponse(
  member: MemberRow,
  workspace: { id: string; name: string },
): AcceptedMemberResponse {
  return {
    object: 'member',
    id: member.accountId,
    name: member.name,
    email: member.email,
    role: member.role,
    workspace: { id: workspace.id, name: workspace.name },
  };
}
