import type { ServiceDatabaseDefinition } from '@app/database';
import { Leads1764700000000 } from './migrations/1764700000000-leads';
import { Knowledge1766000000000 } from './migrations/1766000000000-knowledge';
import { WidgetConversations1767810000000 } from './migrations/1767810000000-widget-conversations';
import { SellerLeads1768100000000 } from './migrations/1768100000000-seller-leads';
import { InquiryPreferredLanguage1769500000000 } from './migrations/1769500000000-inquiry-preferred-language';

export const LEADS_DATABASE = 'leads';

/** Raw SQL throughout: the rules (one active booking per slot, the hourly limit) live in the statements. */
export const leadsDatabase: ServiceDatabaseDefinition = {
  service: LEADS_DATABASE,
  entities: [],
  migrations: [
    Leads1764700000000,
    Knowledge1766000000000,
    WidgetConversations1767810000000,
    SellerLeads1768100000000,
    InquiryPreferredLanguage1769500000000,
  ],
};
