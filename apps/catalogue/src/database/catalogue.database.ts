import type { ServiceDatabaseDefinition } from '@app/database';

export const catalogueDatabase: ServiceDatabaseDefinition = {
  service: 'catalogue',
  entities: [],
  migrations: [],
};
