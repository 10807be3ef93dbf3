/**
 * Who may do what. One matrix, read by the gateway's guard and re-checked by the service
 * that owns the data (spec 5.7, design/decisions.md).
 */
export const ACCOUNT_ROLES = ['buyer', 'investor', 'seller', 'broker', 'developer'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const BROKER_KINDS = ['individual', 'company'] as const;
export type BrokerKind = (typeof BROKER_KINDS)[number];

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const WORKSPACE_ROLES = ['owner', 'admin', 'agent'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Roles that work in a workspace: their sign-up creates one, owned by the signer. */
export const WORKSPACE_ACCOUNT_ROLES: readonly AccountRole[] = ['broker', 'developer'];

const EVERYONE: readonly WorkspaceRole[] = ['owner', 'admin', 'agent'];
const MANAGERS: readonly WorkspaceRole[] = ['owner', 'admin'];
const OWNER: readonly WorkspaceRole[] = ['owner'];

export const PERMISSIONS = {
  'workspace:read': EVERYONE,
  'workspace:settings': MANAGERS,
  'workspace:delete': OWNER,
  'team:manage': MANAGERS,
  'ownership:transfer': OWNER,
  'api_keys:manage': MANAGERS,
  'billing:manage': MANAGERS,
  'widget:configure': MANAGERS,
  'knowledge:manage': MANAGERS,
  'webhooks:manage': MANAGERS,
  'listings:manage': EVERYONE,
  'inquiries:manage': EVERYONE,
  'bookings:manage': EVERYONE,
  'leads:manage': EVERYONE,
  'inbox:read': EVERYONE,
  'inbox:reply': EVERYONE,
  'projects:manage': EVERYONE,
  'decisions:read': EVERYONE,
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: WorkspaceRole | undefined, permission: Permission): boolean {
  return role !== undefined && PERMISSIONS[permission].includes(role);
}

/** The authenticated caller, as the gateway establishes it and passes to services. */
export type Principal =
  | {
      kind: 'user';
      accountId: string;
      accountRole: AccountRole;
      workspaceId?: string;
      workspaceRole?: WorkspaceRole;
      /** Platform staff (moderators): created by `npm run create:moderator`, never by sign-up. */
      staff?: boolean;
    }
  | {
      kind: 'api_key';
      apiKeyId: string;
      /** The key's creator: whom a key's buyer actions (an inquiry) come from, and a listing's broker. */
      accountId: string;
      workspaceId: string;
      /** A key acts with the owner role's permissions (spec 5.3). */
      workspaceRole: 'owner';
    };

export type CredentialKind = Principal['kind'];
