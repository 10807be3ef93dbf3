import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsTimeZone,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { BROKER_KINDS, LANGUAGES, WORKSPACE_ROLES } from '@app/contracts';
import { IsOmittable } from '@app/validation';
import type { BrokerKind, Language, WorkspaceRole } from '@app/contracts';
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

  @ApiProperty({ enum: LANGUAGES, example: 'ar', description: 'Set with PATCH /v1/workspace' })
  default_language: Language;

  @ApiProperty({ example: 'Asia/Riyadh', description: 'IANA time zone; set with PATCH /v1/workspace' })
  time_zone: string;
}

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export class LowBalanceThresholdsUpdateDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 1_000_000, description: 'Decisions; 0: never warn' })
  @IsOmittable()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  decisions?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 1_000_000, description: 'Lead credits; 0: never warn' })
  @IsOmittable()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  lead_credits?: number;
}

/** PATCH /v1/workspace: only what is sent changes; at least one field. */
export class UpdateWorkspaceSettingsDto {
  @ApiPropertyOptional({ example: 'مكتب النور للعقارات', minLength: 1, maxLength: 100 })
  @Transform(trim)
  @IsOmittable()
  @IsString()
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOmittable()
  @IsIn(LANGUAGES)
  default_language?: Language;

  @ApiPropertyOptional({ example: 'Asia/Dubai', description: 'An IANA time zone' })
  @IsOmittable()
  @IsString()
  @IsTimeZone({ message: 'time_zone must be an IANA time zone, e.g. Asia/Riyadh or Asia/Dubai' })
  time_zone?: string;

  @ApiPropertyOptional({
    type: LowBalanceThresholdsUpdateDto,
    description: 'Below these the owner and admins are warned (e-mail and push), once per crossing',
  })
  @IsOmittable()
  @ValidateNested()
  @Type(() => LowBalanceThresholdsUpdateDto)
  low_balance_threshold?: LowBalanceThresholdsUpdateDto;
}

export class WorkspaceSettingsDto extends WorkspaceDto {
  @ApiProperty({ example: { decisions: 3, lead_credits: 3 }, description: 'As GET /v1/workspace/balance shows them' })
  low_balance_threshold: { decisions: number; lead_credits: number };
}

export class DeleteWorkspaceDto {
  @ApiProperty({ writeOnly: true, description: "The owner's password" })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  password: string;

  @ApiPropertyOptional({
    default: false,
    description:
      'Delete even though paid decisions or lead credits (bought, not used) are left: they are forfeited, never ' +
      'refunded. Not needed for granted credits (welcome, plan), which go with the workspace anyway',
  })
  @IsOptional()
  @IsBoolean()
  forfeit_balance?: boolean;
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
    default_language: workspace.defaultLanguage,
    time_zone: workspace.timeZone,
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
