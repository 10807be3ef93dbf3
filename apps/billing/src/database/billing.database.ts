import type { ServiceDatabaseDefinition } from '@app/database';

export const billingDatabase: ServiceDatabaseDefinition = {
  service: 'billing',
  entities: [],
  migrations: [],
};
