import type { ServiceDatabaseDefinition } from '@app/database';

export const leadsDatabase: ServiceDatabaseDefinition = {
  service: 'leads',
  entities: [],
  migrations: [],
};
