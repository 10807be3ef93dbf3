import type { ServiceDatabaseDefinition } from '@app/database';
import { Notifications1764800000000 } from './migrations/1764800000000-notifications';
import { Webhooks1764900000000 } from './migrations/1764900000000-webhooks';
import { PushSubscriptions1765000000000 } from './migrations/1765000000000-push-subscriptions';
import { Digests1765100000000 } from './migrations/1765100000000-digests';
import { WhatsAppConnections1765200000000 } from './migrations/1765200000000-whatsapp-connections';
import { SavedSearchAlerts1769600000000 } from './migrations/1769600000000-saved-search-alerts';

export const NOTIFICATION_DATABASE = 'notification';

export const notificationDatabase: ServiceDatabaseDefinition = {
  service: NOTIFICATION_DATABASE,
  entities: [],
  migrations: [
    Notifications1764800000000,
    Webhooks1764900000000,
    PushSubscriptions1765000000000,
    Digests1765100000000,
    WhatsAppConnections1765200000000,
    SavedSearchAlerts1769600000000,
  ],
};
