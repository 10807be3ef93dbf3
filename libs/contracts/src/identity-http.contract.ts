import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsMobileNumber,
  IsNotEmpty,
  IsOmittable,
  IsOptional,
  IsString,
  IsTimeZone,
  Length,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from '@app/validation';
import type { ValidationArguments } from '@app/validation';
import { ACCOUNT_ROLES, BROKER_KINDS, LANGUAGES, WORKSPACE_ACCOUNT_ROLES } from './access';
import type { AccountRole, BrokerKind, Language } from './access';

/**
 * The bodies of the identity routes (accounts, sign-in, workspaces, members, invitations, API
 * keys), as the gateway validates them (its global ValidationPipe) and documents them
 * (docs/openapi.md). Identity lives in the gateway, so these go to no service. Passwords and
 * tokens here are write-only: no answer carries them back.
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** The roles an owner or admin can give; the owner changes only by transfer. */
export const ASSIGNABLE_ROLES = ['admin', 'agent'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** broker_kind: one of BROKER_KINDS for a broker, absent for every other role. */
function IsBrokerKindForRole(): PropertyDecorator {
  return ValidateBy({
    name: 'brokerKindForRole',
    validator: {
      validate: (value: unknown, args?: ValidationArguments): boolean =>
        (args?.object as CreateAccountBody).role === 'broker'
          ? (BROKER_KINDS as readonly unknown[]).includes(value)
          : value === undefined,
      defaultMessage: (args?: ValidationArguments): string =>
        (args?.object as CreateAccountBody).role === 'broker'
          ? `broker_kind must be one of: ${BROKER_KINDS.join(', ')}`
          : 'broker_kind is only for accounts with role broker',
    },
  });
}

/** workspace_name: only for the roles that own a workspace. */
function IsForWorkspaceRoles(): PropertyDecorator {
  return ValidateBy({
    name: 'workspaceNameForRole',
    validator: {
      validate: (_value: unknown, args?: ValidationArguments): boolean =>
        WORKSPACE_ACCOUNT_ROLES.includes((args?.object as CreateAccountBody).role),
      defaultMessage: (): string => 'workspace_name is only for broker and developer accounts',
    },
  });
}

export class CreateAccountBody {
  /**
   * Unique, ignoring case
   * @example "sara@example.com"
   */
  @Transform(trim)
  @IsDefined()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email: string;

  /**
   * The account's password (write-only).
   * @example "correct horse battery"
   */
  @IsDefined()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;

  /**
   * Trimmed, otherwise stored exactly as given, Arabic or Latin (e.g. Sara Al-Otaibi)
   * @example "سارة العتيبي"
   */
  @Transform(trim)
  @IsDefined()
  @IsString()
  @Length(1, 120)
  name: string;

  /**
   * A mobile number, stored as E.164. National forms are read as Saudi, then Emirati (050 123 4567 → +966501234567; write +971 for an Emirati number that is also a Saudi one); +966…, 00966… and Arabic-Indic digits (٠٥٠١٢٣٤٥٦٧) are accepted.
   * @example "050 123 4567"
   */
  @IsOptional()
  @IsMobileNumber()
  phone?: string;

  /**
   * What the account is for.
   * @example "broker"
   */
  @IsDefined()
  @IsIn(ACCOUNT_ROLES)
  role: AccountRole;

  /**
   * Required for brokers, refused for others
   * @example "individual"
   */
  @ValidateIf((body: CreateAccountBody) => body.role === 'broker' || body.broker_kind !== undefined)
  @IsDefined({ message: 'broker_kind is required when role is broker' })
  @IsBrokerKindForRole()
  broker_kind?: BrokerKind;

  /**
   * Default `en`
   * @example "ar"
   */
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  /**
   * Brokers and developers: the new workspace's name (default: "<name>'s workspace", or "مساحة عمل <name>" for an Arabic name or language ar)
   * @example "مكتب سارة العقاري"
   */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 120)
  @IsForWorkspaceRoles()
  workspace_name?: string;
}

export class LoginBody {
  /**
   * Case does not matter
   * @example "sara@example.com"
   */
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  email: string;

  /**
   * The account's password (write-only).
   * @example "correct horse battery"
   */
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class RefreshTokenBody {
  /** The refresh token from the last login or refresh; it can be used once */
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  refresh_token: string;
}

export class LogoutBody {
  /** Also end the session this refresh token belongs to (if it is the caller's) */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  refresh_token?: string;
}

/** A token from a mailed link (`…#token=<token>`). */
export class LinkTokenBody {
  /** The token from the e-mailed link (after `#token=`) */
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;
}

export class PasswordResetRequestBody {
  /**
   * Case does not matter
   * @example "sara@example.com"
   */
  @Transform(trim)
  @IsDefined()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email: string;
}

export class PasswordResetConfirmBody extends LinkTokenBody {
  /** The new password (write-only). */
  @IsDefined()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class ChangePasswordBody {
  /** The password in use now (write-only). */
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  current_password: string;

  /** The new password (write-only). */
  @IsDefined()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  new_password: string;
}

export class DeleteAccountBody {
  /** The account's password */
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class LowBalanceThresholdsUpdate {
  /** Decisions; 0: never warn */
  @IsOmittable()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  decisions?: number;

  /** Lead credits; 0: never warn */
  @IsOmittable()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  lead_credits?: number;
}

/** PATCH /v1/workspace: only what is sent changes; at least one field. */
export class UpdateWorkspaceSettingsBody {
  /**
   * The workspace's name.
   * @example "مكتب النور للعقارات"
   */
  @Transform(trim)
  @IsOmittable()
  @IsString()
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(100)
  name?: string;

  /** The language of the workspace's mails and documents. */
  @IsOmittable()
  @IsIn(LANGUAGES)
  default_language?: Language;

  /**
   * An IANA time zone
   * @example "Asia/Dubai"
   */
  @IsOmittable()
  @IsString()
  @IsTimeZone({ message: 'time_zone must be an IANA time zone, e.g. Asia/Riyadh or Asia/Dubai' })
  time_zone?: string;

  /** Below these the owner and admins are warned (e-mail and push), once per crossing */
  @IsOmittable()
  @ValidateNested()
  @Type(() => LowBalanceThresholdsUpdate)
  low_balance_threshold?: LowBalanceThresholdsUpdate;
}

export class DeleteWorkspaceBody {
  /** The owner's password */
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;

  /** Delete even though paid decisions or lead credits (bought, not used) are left: they are forfeited, never refunded. Not needed for granted credits (welcome, plan), which go with the workspace anyway */
  @IsOptional()
  @IsBoolean()
  forfeit_balance?: boolean = false;
}

export class UpdateMemberRoleBody {
  /**
   * The owner changes only by transfer
   * @example "admin"
   */
  @IsIn(ASSIGNABLE_ROLES)
  role: AssignableRole;
}

export class OwnershipTransferBody {
  /**
   * The new owner's member id
   * @example "0f8e2a61-3c4b-4d1e-8f7a-6b5c4d3e2f10"
   */
  @IsString()
  @IsNotEmpty()
  member_id: string;
}

export class CreateInvitationBody {
  /**
   * Who to invite.
   * @example "khalid@alnoor.sa"
   */
  @IsEmail()
  @MaxLength(254)
  email: string;

  /**
   * The role they join with.
   * @example "agent"
   */
  @IsIn(ASSIGNABLE_ROLES)
  role: AssignableRole;
}

export class AcceptInvitationBody {
  /**
   * The token from the accept link mailed to the invitee (`…/invitations/accept#token=<token>`)
   * @example "q3v9Xn2kS0bq0Y5Rk1m3Jd8tC2yW7eLh4uZp6aNf1oE"
   */
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;

  /**
   * An existing account's password, or a new account's (at least 10 characters)
   * @example "correct horse battery"
   */
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  password: string;

  /**
   * Required when the email has no account yet
   * @example "خالد الشمري"
   */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;
}

export class CreateApiKeyBody {
  /**
   * A name to tell keys apart, 1–100 characters.
   * @example "CRM sync — مزامنة"
   */
  @Transform(trim)
  @IsNotEmpty()
  @IsString()
  @Length(1, 100)
  label: string;
}
