import type { ServiceDatabaseDefinition } from '@app/database';

export const decisionDatabase: ServiceDatabaseDefinition = {
  service: 'decision',
  entities: [],
  migrations: [],
};
