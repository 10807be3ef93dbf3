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
  'api_keys:read': MANAGERS,
  'api_keys:manage': MANAGERS,
  /** Balance, ledger, lead credits: spec 5.7 "only owner and admin see billing". */
  'billing:read': MANAGERS,
  /** Buying or refunding packs, buying lead credits: spec 5.7 "admin (everything except billing …)". */
  'billing:manage': OWNER,
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

/**
 * What needs a person (spec 5.3: a key has the owner role's permissions, except these).
 * The one list of what an API key may not do in its workspace; the gateway answers 403
 * `api_key_not_allowed` with the reason, and a route these do not name accepts a key.
 */
export const PERSON_ONLY_PERMISSIONS: Partial<Record<Permission, string>> = {
  'api_keys:manage':
    'API keys are created, rotated and revoked by a signed-in owner or admin: a key cannot issue or end keys.',
  'ownership:transfer': 'Ownership is transferred by the signed-in owner: an API key cannot hand over the workspace.',
  'workspace:delete':
    'A workspace is deleted by its signed-in owner, with their password: an API key cannot delete it.',
};

/** Why an API key may not use this permission, or undefined when it may. */
export function apiKeyRefusal(permission: Permission | undefined): string | undefined {
  return permission ? PERSON_ONLY_PERMISSIONS[permission] : undefined;
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
