import type { ServiceDatabaseDefinition } from '@app/database';

export const notificationDatabase: ServiceDatabaseDefinition = {
  service: 'notification',
  entities: [],
  migrations: [],
};
