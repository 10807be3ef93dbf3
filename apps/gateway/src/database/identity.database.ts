import type { ServiceDatabaseDefinition } from '@app/database';

/** The gateway owns the `identity` schema: accounts, workspaces, keys (design/decisions.md). */
export const IDENTITY_DATABASE = 'identity';

export const identityDatabase: ServiceDatabaseDefinition = {
  service: IDENTITY_DATABASE,
  entities: [],
  migrations: [],
};
