import { IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Min } from '@app/validation';
import { ACCOUNT_ROLES, BROKER_KINDS, LANGUAGES, WORKSPACE_ROLES } from './access';
import type { AccountRole, BrokerKind, Language, WorkspaceRole } from './access';
import type { LowBalanceThresholds } from './billing.contract';
import { ASSIGNABLE_ROLES } from './identity-http.contract';
import type { AssignableRole } from './identity-http.contract';

/**
 * What the identity routes answer (the gateway's own feature), documented from these classes
 * (docs/openapi.md). Secrets are answered once: an API key's only with its creation or rotation
 * (ApiKeyWithSecretResponse), tokens only by sign-in and refresh; never a password.
 */

export const WORKSPACE_KINDS = ['broker', 'developer'] as const;
export type WorkspaceKind = (typeof WORKSPACE_KINDS)[number];

/** The workspace an account belongs to, with its role there. */
export class AccountWorkspaceResponse {
  /** The workspace id. */
  @IsUUID()
  id: string;

  /**
   * The workspace's name.
   * @example "Sara Al-Otaibi's workspace"
   */
  @IsString()
  name: string;

  /** A broker's or a developer's workspace. */
  @IsIn(WORKSPACE_KINDS)
  kind: WorkspaceKind;

  /** Broker workspaces only. */
  @IsOptional()
  @IsIn(BROKER_KINDS)
  broker_kind: BrokerKind | null;

  /**
   * The account's role there.
   * @example "owner"
   */
  @IsIn(WORKSPACE_ROLES)
  role: WorkspaceRole;
}

export class AccountResponse {
  /** Always `account`. */
  @IsIn(['account'])
  object: 'account';

  /** The account id. */
  @IsUUID()
  id: string;

  /**
   * As typed at sign-up
   * @example "Sara@Example.com"
   */
  @IsString()
  email: string;

  /**
   * The name, Arabic or Latin.
   * @example "سارة العتيبي"
   */
  @IsString()
  name: string;

  /**
   * E.164
   * @example "+966501234567"
   */
  @IsOptional()
  @IsString()
  phone: string | null;

  /** What the account is for. */
  @IsIn(ACCOUNT_ROLES)
  role: AccountRole;

  /** Brokers only. */
  @IsOptional()
  @IsIn(BROKER_KINDS)
  broker_kind: BrokerKind | null;

  /** The language of its mails and pages. */
  @IsIn(LANGUAGES)
  language: Language;

  /** Whether the e-mail address is confirmed (the link mailed at sign-up). Until then the account cannot submit listings for publication or invite members (403 `email_not_verified`). */
  @IsBoolean()
  email_verified: boolean;

  /** When it signed up. */
  @IsISO8601()
  created_at: string;
}

export class CreatedAccountResponse extends AccountResponse {
  /** Brokers and developers own a new workspace */
  workspace: AccountWorkspaceResponse | null;
}

export class MeResponse {
  /** Always `me`. */
  @IsIn(['me'])
  object: 'me';

  /** Your account. */
  account: AccountResponse;

  /**
   * The account's role; `moderator` for platform staff
   * @example ["broker"]
   */
  @IsString({ each: true })
  roles: string[];

  /** Your workspace and your role there, if you have one. */
  workspace: AccountWorkspaceResponse | null;
}

export class TokenResponse {
  /** Always `token`. */
  @IsIn(['token'])
  object: 'token';

  /** Always `Bearer`. */
  @IsIn(['Bearer'])
  token_type: 'Bearer';

  /** A short-lived JWT: send it as Authorization: Bearer … */
  @IsString()
  access_token: string;

  /**
   * Seconds the access token is valid
   * @example 900
   */
  @IsInt()
  expires_in: number;

  /** Opaque, single use: exchange it at POST /v1/auth/refresh for a new pair */
  @IsString()
  refresh_token: string;

  /**
   * Seconds the refresh token is valid
   * @example 2592000
   */
  @IsInt()
  refresh_expires_in: number;
}

export class EmailVerifiedResponse {
  /** Always `email_verification`. */
  @IsIn(['email_verification'])
  object: 'email_verification';

  /** Always true. */
  @IsIn([true])
  email_verified: true;
}

/** The same answer whether or not an account uses the address. */
export class PasswordResetAcceptedResponse {
  /** Always `password_reset`. */
  @IsIn(['password_reset'])
  object: 'password_reset';

  /**
   * What happens next.
   * @example "If an account uses this address, a link to reset its password is on its way. It works once, for one hour."
   */
  @IsString()
  message: string;
}

export class WorkspaceResponse {
  /** Always `workspace`. */
  @IsIn(['workspace'])
  object: 'workspace';

  /**
   * The workspace id.
   * @example "5b0c3a52-7f1e-4a8e-9d0c-2f7e1c9a4b10"
   */
  @IsUUID()
  id: string;

  /**
   * Its name.
   * @example "Al Noor Real Estate"
   */
  @IsString()
  name: string;

  /**
   * A broker's or a developer's workspace.
   * @example "broker"
   */
  @IsIn(WORKSPACE_KINDS)
  kind: WorkspaceKind;

  /**
   * Broker workspaces only
   * @example "company"
   */
  @IsOptional()
  @IsIn(BROKER_KINDS)
  broker_kind: BrokerKind | null;

  /**
   * When it was made.
   * @example "2025-11-22T09:30:00.000Z"
   */
  @IsISO8601()
  created_at: string;

  /**
   * How many members it has.
   * @example 4
   */
  @IsInt()
  @Min(0)
  member_count: number;

  /**
   * Set with PATCH /v1/workspace
   * @example "ar"
   */
  @IsIn(LANGUAGES)
  default_language: Language;

  /**
   * IANA time zone; set with PATCH /v1/workspace
   * @example "Asia/Riyadh"
   */
  @IsString()
  time_zone: string;
}

export class WorkspaceSettingsResponse extends WorkspaceResponse {
  /**
   * As GET /v1/workspace/balance shows them
   * @example {"decisions": 3, "lead_credits": 3}
   */
  low_balance_threshold: LowBalanceThresholds;
}

/** A member of a workspace: who they are and their role in it. */
export class MemberSummary {
  /** Always `member`. */
  @IsIn(['member'])
  object: 'member';

  /**
   * The member's account id
   * @example "0f8e2a61-3c4b-4d1e-8f7a-6b5c4d3e2f10"
   */
  @IsUUID()
  id: string;

  /**
   * The member's name.
   * @example "نورة العتيبي"
   */
  @IsString()
  name: string;

  /**
   * The member's e-mail address.
   * @example "noura@alnoor.sa"
   */
  @IsString()
  email: string;

  /**
   * The member's role.
   * @example "agent"
   */
  @IsIn(WORKSPACE_ROLES)
  role: WorkspaceRole;
}

export class MemberResponse extends MemberSummary {
  /**
   * When they joined.
   * @example "2025-11-22T09:30:00.000Z"
   */
  @IsISO8601()
  joined_at: string;
}

export class MemberListResponse {
  /** Always `list`. */
  @IsIn(['list'])
  object: 'list';

  /** Owner, then admins, then agents; by name within a role */
  data: MemberResponse[];

  /**
   * How many members.
   * @example 3
   */
  @IsInt()
  total: number;
}

export class InvitationResponse {
  /** Always `invitation`. */
  @IsIn(['invitation'])
  object: 'invitation';

  /**
   * The invitation id.
   * @example "9d1f6c2e-4b3a-4e5f-8a7b-1c2d3e4f5a6b"
   */
  @IsUUID()
  id: string;

  /**
   * Lower-cased
   * @example "khalid@alnoor.sa"
   */
  @IsString()
  email: string;

  /**
   * The role the invitee joins with.
   * @example "agent"
   */
  @IsIn(ASSIGNABLE_ROLES)
  role: AssignableRole;

  /**
   * Seven days after creation
   * @example "2025-11-29T09:30:00.000Z"
   */
  @IsISO8601()
  expires_at: string;

  /**
   * When it was sent.
   * @example "2025-11-22T09:30:00.000Z"
   */
  @IsISO8601()
  created_at: string;
}

export class InvitationListResponse {
  /** Always `list`. */
  @IsIn(['list'])
  object: 'list';

  /** Pending invitations, newest first */
  data: InvitationResponse[];

  /**
   * How many are pending.
   * @example 1
   */
  @IsInt()
  total: number;
}

export class WorkspaceRefResponse {
  /**
   * The workspace id.
   * @example "5b0c3a52-7f1e-4a8e-9d0c-2f7e1c9a4b10"
   */
  @IsUUID()
  id: string;

  /**
   * Its name.
   * @example "Al Noor Real Estate"
   */
  @IsString()
  name: string;
}

/** The new member an accepted invitation made, and the workspace they joined. */
export class AcceptedMemberResponse extends MemberSummary {
  /** The workspace joined. */
  workspace: WorkspaceRefResponse;
}

/** A key as listings show it: never its secret or hash. */
export class ApiKeyResponse {
  /** Always `api_key`. */
  @IsIn(['api_key'])
  object: 'api_key';

  /**
   * The key id.
   * @example "3f0d7c1e-9a51-4f55-9a4e-2b1f0c2d8e71"
   */
  @IsUUID()
  id: string;

  /**
   * The name it was given.
   * @example "CRM sync"
   */
  @IsString()
  label: string;

  /**
   * The first characters of the current secret.
   * @example "sk-Xy3q9A"
   */
  @IsString()
  prefix: string;

  /** When it was created. */
  @IsISO8601()
  created_at: string;

  /** The account that created the key. */
  @IsUUID()
  created_by: string;

  /** To the minute. */
  @IsOptional()
  @IsISO8601()
  last_used_at: string | null;

  /** After a rotation: when the previous secret stops working (24 hours after the rotation). */
  @IsOptional()
  @IsISO8601()
  previous_expires_at: string | null;
}

/** Creation and rotation: the only responses that carry the secret. */
export class ApiKeyWithSecretResponse extends ApiKeyResponse {
  /**
   * The secret: shown this once, store it now. Send it as `Authorization: Bearer sk-…`.
   * @example "sk-EXAMPLE_Xy3q9AbCd-EfGhIjKlMn_OpQrStUvWx-Yz0"
   */
  @IsString()
  secret: string;
}

export class ApiKeyListResponse {
  /** Always `list`. */
  @IsIn(['list'])
  object: 'list';

  /** The workspace's keys, without their secrets. */
  data: ApiKeyResponse[];

  /**
   * How many keys.
   * @example 1
   */
  @IsInt()
  total: number;
}

export class ConnectedAppResponse {
  /** Always `connected_app`. */
  @IsIn(['connected_app'])
  object: 'connected_app';

  /**
   * The OAuth client id (from dynamic registration).
   * @example "b5bN2m3ZkY0f3f5u1m0pQ"
   */
  @IsString()
  client_id: string;

  /**
   * The name the app registered.
   * @example "Claude"
   */
  @IsOptional()
  @IsString()
  client_name: string | null;

  /** The app's home page, when it gave one. */
  @IsOptional()
  @IsString()
  client_uri: string | null;

  /** Scopes granted (`mcp`: the MCP tools your role allows). */
  @IsString({ each: true })
  scopes: string[];

  /** When you first allowed it. */
  @IsISO8601()
  connected_at: string;
}

export class ConnectedAppListResponse {
  /** Always `list`. */
  @IsIn(['list'])
  object: 'list';

  /** The apps you allowed. */
  data: ConnectedAppResponse[];

  /**
   * How many apps.
   * @example 1
   */
  @IsInt()
  total: number;
}
