import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { WORKSPACE_ROLES } from '@app/contracts';
import type { WorkspaceRole } from '@app/contracts';
import type { Invitation } from './invitation.entity';
import { ASSIGNABLE_ROLES } from './workspaces.dto';
import type { AssignableRole, MemberRow } from './workspaces.dto';

export class CreateInvitationDto {
  @ApiProperty({ example: 'khalid@alnoor.sa' })
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiProperty({ enum: ASSIGNABLE_ROLES, example: 'agent' })
  @IsIn(ASSIGNABLE_ROLES)
  role: AssignableRole;
}

export class InvitationDto {
  @ApiProperty({ enum: ['invitation'] })
  object: 'invitation';

  @ApiProperty({ format: 'uuid', example: '9d1f6c2e-4b3a-4e5f-8a7b-1c2d3e4f5a6b' })
  id: string;

  @ApiProperty({ description: 'Lower-cased', example: 'khalid@alnoor.sa' })
  email: string;

  @ApiProperty({ enum: ASSIGNABLE_ROLES, example: 'agent' })
  role: AssignableRole;

  @ApiProperty({ format: 'date-time', description: 'Seven days after creation', example: '2025-11-29T09:30:00.000Z' })
  expires_at: string;

  @ApiProperty({ format: 'date-time', example: '2025-11-22T09:30:00.000Z' })
  created_at: string;
}

export class InvitationListDto {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: [InvitationDto], description: 'Pending invitations, newest first' })
  data: InvitationDto[];

  @ApiProperty({ example: 1 })
  total: number;
}

export class AcceptInvitationDto {
  @ApiProperty({
    description: 'The token from the accept link mailed to the invitee (`…/invitations/accept#token=<token>`)',
    example: 'q3v9Xn2kS0bq0Y5Rk1m3Jd8tC2yW7eLh4uZp6aNf1oE',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;

  @ApiProperty({
    description: "An existing account's password, or a new account's (at least 10 characters)",
    example: 'correct horse battery',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  password: string;

  @ApiPropertyOptional({ description: 'Required when the email has no account yet', example: 'خالد الشمري' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;
}

export class WorkspaceRefDto {
  @ApiProperty({ format: 'uuid', example: '5b0c3a52-7f1e-4a8e-9d0c-2f7e1c9a4b10' })
  id: string;

  @ApiProperty({ example: 'Al Noor Real Estate' })
  name: string;
}

export class AcceptedMemberDto {
  @ApiProperty({ enum: ['member'] })
  object: 'member';

  @ApiProperty({ format: 'uuid', description: 'The account id', example: '0f8e2a61-3c4b-4d1e-8f7a-6b5c4d3e2f10' })
  id: string;

  @ApiProperty({ example: 'خالد الشمري' })
  name: string;

  @ApiProperty({ example: 'khalid@alnoor.sa' })
  email: string;

  @ApiProperty({ enum: WORKSPACE_ROLES, example: 'agent' })
  role: WorkspaceRole;

  @ApiProperty({ type: WorkspaceRefDto })
  workspace: WorkspaceRefDto;
}

export function toInvitationDto(invitation: Invitation): InvitationDto {
  return {
    object: 'invitation',
    id: invitation.id,
    email: invitation.emailNormalized,
    role: invitation.role,
    expires_at: invitation.expiresAt.toISOString(),
    created_at: invitation.createdAt.toISOString(),
  };
}

export function toInvitationListDto(invitations: Invitation[]): InvitationListDto {
  return { object: 'list', data: invitations.map(toInvitationDto), total: invitations.length };
}

export function toAcceptedMemberDto(member: MemberRow, workspace: { id: string; name: string }): AcceptedMemberDto {
  return {
    object: 'member',
    id: member.accountId,
    name: member.name,
    email: member.email,
    role: member.role,
    workspace: { id: workspace.id, name: workspace.name },
  };
}
