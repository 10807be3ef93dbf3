import type { ServiceDatabaseDefinition } from '@app/database';
import { Account } from '../identity/accounts/account.entity';
import { ApiKey } from '../identity/api-keys/api-key.entity';
import { RefreshToken } from '../identity/auth/refresh-token.entity';
import { Invitation } from '../identity/workspaces/invitation.entity';
import { Membership } from '../identity/workspaces/membership.entity';
import { Workspace } from '../identity/workspaces/workspace.entity';
import { CreateIdentity1763805600000 } from './migrations/1763805600000-create-identity';
import { WorkspaceSlugs1765100000000 } from './migrations/1765100000000-workspace-slugs';
import { OAuthModels1766600000000 } from './migrations/1766600000000-oauth-models';
import { IdempotencyKeys1767300000000 } from './migrations/1767300000000-idempotency-keys';
import { AccountLifecycle1768600000000 } from './migrations/1768600000000-account-lifecycle';

/** The gateway owns the `identity` schema: accounts, workspaces, keys (design/decisions.md). */
export const IDENTITY_DATABASE = 'identity';

export const identityDatabase: ServiceDatabaseDefinition = {
  service: IDENTITY_DATABASE,
  entities: [Account, Workspace, Membership, Invitation, RefreshToken, ApiKey],
  migrations: [
    CreateIdentity1763805600000,
    WorkspaceSlugs1765100000000,
    OAuthModels1766600000000,
    IdempotencyKeys1767300000000,
    AccountLifecycle1768600000000,
  ],
};
