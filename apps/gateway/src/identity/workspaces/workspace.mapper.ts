import type { MemberListResponse, MemberResponse, WorkspaceResponse, WorkspaceRole } from '@app/contracts';
import type { Workspace } from './workspace.entity';

/** A member as the repository reads it: the account joined to its membership. */
export interface MemberRow {
  accountId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: Date;
}

export function toWorkspaceResponse(workspace: Workspace, memberCount: number): WorkspaceResponse {
  return {
    object: 'workspace',
    id: workspace.id,
    name: workspace.name,
    kind: workspace.kind,
    broker_kind: workspace.brokerKind,
    created_at: workspace.createdAt.toISOString(),
    member_count: memberCount,
    default_language: workspace.defaultLanguage,
    time_zone: workspace.timeZone,
  };
}

export function toMemberResponse(member: MemberRow): MemberResponse {
  return {
    object: 'member',
    id: member.accountId,
    name: member.name,
    email: member.email,
    role: member.role,
    joined_at: member.joinedAt.toISOString(),
  };
}

export function toMemberListResponse(members: MemberRow[]): MemberListResponse {
  return { object: 'list', data: members.map(toMemberResponse), total: members.length };
}
