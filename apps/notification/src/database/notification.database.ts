import type { ServiceDatabaseDefinition } from '@app/database';
import { Notifications1764800000000 } from './migrations/1764800000000-notifications';

export const NOTIFICATION_DATABASE = 'notification';

export const notificationDatabase: ServiceDatabaseDefinition = {
  service: NOTIFICATION_DATABASE,
  entities: [],
  migrations: [Notifications1764800000000],
};
