import type { ServiceDatabaseDefinition } from '@app/database';
import { CreateBilling1763900000000 } from './migrations/1763900000000-create-billing';

export const BILLING_DATABASE = 'billing';

export const billingDatabase: ServiceDatabaseDefinition = {
  service: BILLING_DATABASE,
  entities: [],
  migrations: [CreateBilling1763900000000],
};
