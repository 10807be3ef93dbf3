import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString } from 'class-validator';
import { BROKER_KINDS, WORKSPACE_ROLES } from '@app/contracts';
import type { BrokerKind, WorkspaceRole } from '@app/contracts';
import type { Workspace, WorkspaceKind } from './workspace.entity';

/** A member as the repository reads it: the account joined to its membership. */
export interface MemberRow {
  accountId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: Date;
}

export const ASSIGNABLE_ROLES = ['admin', 'agent'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export class WorkspaceDto {
  @ApiProperty({ enum: ['workspace'] })
  object: 'workspace';

  @ApiProperty({ format: 'uuid', example: '5b0c3a52-7f1e-4a8e-9d0c-2f7e1c9a4b10' })
  id: string;

  @ApiProperty({ example: 'Al Noor Real Estate' })
  name: string;

  @ApiProperty({ enum: ['broker', 'developer'], example: 'broker' })
  kind: WorkspaceKind;

  @ApiProperty({ enum: BROKER_KINDS, nullable: true, example: 'company', description: 'Broker workspaces only' })
  broker_kind: BrokerKind | null;

  @ApiProperty({ format: 'date-time', example: '2025-11-22T09:30:00.000Z' })
  created_at: string;

  @ApiProperty({ example: 4 })
  member_count: number;
}

export class MemberDto {
  @ApiProperty({ enum: ['member'] })
  object: 'member';

  @ApiProperty({
    format: 'uuid',
    description: "The member's account id",
    example: '0f8e2a61-3c4b-4d1e-8f7a-6b5c4d3e2f10',
  })
  id: string;

  @ApiProperty({ example: 'نورة العتيبي' })
  name: string;

  @ApiProperty({ example: 'noura@alnoor.sa' })
  email: string;

  @ApiProperty({ enum: WORKSPACE_ROLES, example: 'agent' })
  role: WorkspaceRole;

  @ApiProperty({ format: 'date-time', example: '2025-11-22T09:30:00.000Z' })
  joined_at: string;
}

export class MemberListDto {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: [MemberDto], description: 'Owner, then admins, then agents; by name within a role' })
  data: MemberDto[];

  @ApiProperty({ example: 3 })
  total: number;
}

export class UpdateMemberRoleDto {
  @ApiProperty({ enum: ASSIGNABLE_ROLES, example: 'admin', description: 'The owner changes only by transfer' })
  @IsIn(ASSIGNABLE_ROLES)
  role: AssignableRole;
}

export class OwnershipTransferDto {
  @ApiProperty({
    format: 'uuid',
    description: "The new owner's member id",
    example: '0f8e2a61-3c4b-4d1e-8f7a-6b5c4d3e2f10',
  })
  @IsString()
  @IsNotEmpty()
  member_id: string;
}

export function toWorkspaceDto(workspace: Workspace, memberCount: number): WorkspaceDto {
  return {
    object: 'workspace',
    id: workspace.id,
    name: workspace.name,
    kind: workspace.kind,
    broker_kind: workspace.brokerKind,
    created_at: workspace.createdAt.toISOString(),
    member_count: memberCount,
  };
}

export function toMemberDto(member: MemberRow): MemberDto {
  return {
    object: 'member',
    id: member.accountId,
    name: member.name,
    email: member.email,
    role: member.role,
    joined_at: member.joinedAt.toISOString(),
  };
}

export function toMemberListDto(members: MemberRow[]): MemberListDto {
  return { object: 'list', data: members.map(toMemberDto), total: members.length };
}
