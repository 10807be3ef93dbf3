import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  MinLength,
  Validate,
  ValidateIf,
  ValidatorConstraint,
} from 'class-validator';
import type { ValidationArguments, ValidatorConstraintInterface } from 'class-validator';
import { IsMobileNumber, PHONE_NUMBER_DESCRIPTION } from '@app/validation/phone';
import { ACCOUNT_ROLES, BROKER_KINDS, LANGUAGES, WORKSPACE_ACCOUNT_ROLES, WORKSPACE_ROLES } from '@app/contracts';
import type { AccountRole, BrokerKind, Language, WorkspaceRole } from '@app/contracts';
import type { WorkspaceKind } from '../workspaces/workspace.entity';
import type { Workspace } from '../workspaces/workspace.entity';
import type { Account } from './account.entity';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

@ValidatorConstraint({ name: 'brokerKindForRole' })
class BrokerKindForRoleRule implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const { role } = args.object as CreateAccountDto;
    return role === 'broker' ? (BROKER_KINDS as readonly unknown[]).includes(value) : value === undefined;
  }

  defaultMessage(args: ValidationArguments): string {
    return (args.object as CreateAccountDto).role === 'broker'
      ? `broker_kind must be one of: ${BROKER_KINDS.join(', ')}`
      : 'broker_kind is only for accounts with role broker';
  }
}

@ValidatorConstraint({ name: 'workspaceNameForRole' })
class WorkspaceNameForRoleRule implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    return WORKSPACE_ACCOUNT_ROLES.includes((args.object as CreateAccountDto).role);
  }

  defaultMessage(): string {
    return 'workspace_name is only for broker and developer accounts';
  }
}

export class CreateAccountDto {
  @ApiProperty({ example: 'sara@example.com', maxLength: 254, description: 'Unique, ignoring case' })
  @Transform(trim)
  @IsDefined()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({
    example: 'correct horse battery',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    writeOnly: true,
  })
  @IsDefined()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;

  @ApiProperty({
    example: 'سارة العتيبي',
    minLength: 1,
    maxLength: 120,
    description: 'Trimmed, otherwise stored exactly as given, Arabic or Latin (e.g. Sara Al-Otaibi)',
  })
  @Transform(trim)
  @IsDefined()
  @IsString()
  @Length(1, 120)
  name: string;

  @ApiPropertyOptional({ example: '050 123 4567', description: PHONE_NUMBER_DESCRIPTION })
  @IsOptional()
  @IsMobileNumber()
  phone?: string;

  @ApiProperty({ enum: ACCOUNT_ROLES, example: 'broker' })
  @IsDefined()
  @IsIn(ACCOUNT_ROLES)
  role: AccountRole;

  @ApiPropertyOptional({
    enum: BROKER_KINDS,
    example: 'individual',
    description: 'Required for brokers, refused for others',
  })
  @ValidateIf((dto: CreateAccountDto) => dto.role === 'broker' || dto.broker_kind !== undefined)
  @IsDefined({ message: 'broker_kind is required when role is broker' })
  @Validate(BrokerKindForRoleRule)
  broker_kind?: BrokerKind;

  @ApiPropertyOptional({ enum: LANGUAGES, example: 'ar', description: 'Default `en`' })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  @ApiPropertyOptional({
    example: 'مكتب سارة العقاري',
    minLength: 1,
    maxLength: 120,
    description:
      'Brokers and developers: the new workspace\'s name (default: "<name>\'s workspace", or "مساحة عمل <name>" for an Arabic name or language ar)',
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 120)
  @Validate(WorkspaceNameForRoleRule)
  workspace_name?: string;
}

export class AccountWorkspaceDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: "Sara Al-Otaibi's workspace" })
  name: string;

  @ApiProperty({ enum: ['broker', 'developer'] })
  kind: WorkspaceKind;

  @ApiProperty({ enum: BROKER_KINDS, nullable: true, type: String })
  broker_kind: BrokerKind | null;

  @ApiProperty({ enum: WORKSPACE_ROLES, example: 'owner' })
  role: WorkspaceRole;
}

export class AccountDto {
  @ApiProperty({ enum: ['account'] })
  object: 'account';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Sara@Example.com', description: 'As typed at sign-up' })
  email: string;

  @ApiProperty({ example: 'سارة العتيبي' })
  name: string;

  @ApiProperty({ example: '+966501234567', nullable: true, type: String })
  phone: string | null;

  @ApiProperty({ enum: ACCOUNT_ROLES })
  role: AccountRole;

  @ApiProperty({ enum: BROKER_KINDS, nullable: true, type: String })
  broker_kind: BrokerKind | null;

  @ApiProperty({ enum: LANGUAGES })
  language: Language;

  @ApiProperty({
    description:
      'Whether the e-mail address is confirmed (the link mailed at sign-up). Until then the account cannot ' +
      'submit listings for publication or invite members (403 `email_not_verified`).',
  })
  email_verified: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class CreatedAccountDto extends AccountDto {
  @ApiProperty({ type: AccountWorkspaceDto, nullable: true, description: 'Brokers and developers own a new workspace' })
  workspace: AccountWorkspaceDto | null;
}

/** An account and the workspace it belongs to, with its role there. */
export interface AccountWithWorkspace {
  account: Account;
  workspace: { workspace: Workspace; role: WorkspaceRole } | null;
}

export function toAccountDto(account: Account): AccountDto {
  return {
    object: 'account',
    id: account.id,
    email: account.email,
    name: account.name,
    phone: account.phone,
    role: account.role,
    broker_kind: account.brokerKind,
    language: account.language,
    email_verified: account.emailVerifiedAt != null,
    created_at: account.createdAt.toISOString(),
  };
}

export function toAccountWorkspaceDto(membership: AccountWithWorkspace['workspace']): AccountWorkspaceDto | null {
  if (!membership) return null;
  const { workspace, role } = membership;
  return { id: workspace.id, name: workspace.name, kind: workspace.kind, broker_kind: workspace.brokerKind, role };
}

export function toCreatedAccountDto({ account, workspace }: AccountWithWorkspace): CreatedAccountDto {
  return { ...toAccountDto(account), workspace: toAccountWorkspaceDto(workspace) };
}
