import type { ServiceDatabaseDefinition } from '@app/database';
import { billingDatabase } from '../apps/billing/src/database/billing.database';
import { catalogueDatabase } from '../apps/catalogue/src/database/catalogue.database';
import { decisionDatabase } from '../apps/decision/src/database/decision.database';
import { identityDatabase } from '../apps/gateway/src/database/identity.database';
import { leadsDatabase } from '../apps/leads/src/database/leads.database';
import { notificationDatabase } from '../apps/notification/src/database/notification.database';
import { runTool } from './tool-database';

const DATABASES: ServiceDatabaseDefinition[] = [
  identityDatabase,
  decisionDatabase,
  catalogueDatabase,
  leadsDatabase,
  billingDatabase,
  notificationDatabase,
];

/**
 * `npm run migrate [schema…]`: applies pending migrations without starting the apps
 * (they also migrate at start). Uses DATABASE_URL, else the embedded database in DATA_DIR.
 */
runTool(
  'migrate',
  () => {
    const only = process.argv.slice(2);
    const unknown = only.filter((name) => !DATABASES.some((db) => db.service === name));
    if (unknown.length > 0) {
      throw new Error(`Unknown schema: ${unknown.join(', ')} (known: ${DATABASES.map((d) => d.service).join(', ')})`);
    }
    return DATABASES.filter((db) => only.length === 0 || only.includes(db.service));
  },
  async (definitions, database) => {
    for (const definition of definitions) {
      const { applied } = await database.open(definition);
      process.stdout.write(`${definition.service}: ${applied.length ? applied.join(', ') : 'up to date'}\n`);
    }
  },
);
