import type { ServiceDatabaseDefinition } from '@app/database';
import { CreateBilling1763900000000 } from './migrations/1763900000000-create-billing';
import { CreatePurchases1768000000000 } from './migrations/1768000000000-create-purchases';
import { CreateInvoices1768000000001 } from './migrations/1768000000001-create-invoices';

export const BILLING_DATABASE = 'billing';

export const billingDatabase: ServiceDatabaseDefinition = {
  service: BILLING_DATABASE,
  entities: [],
  migrations: [CreateBilling1763900000000, CreatePurchases1768000000000, CreateInvoices1768000000001],
};
