import { DataSource } from 'typeorm';
import { loadEnv } from '@app/config';
import { migrateServiceDatabase, serviceDataSourceOptions, connectOrStartEmbeddedPostgres } from '@app/database';
import type { ServiceDatabaseDefinition } from '@app/database';
import { billingDatabase } from '../apps/billing/src/database/billing.database';
import { catalogueDatabase } from '../apps/catalogue/src/database/catalogue.database';
import { decisionDatabase } from '../apps/decision/src/database/decision.database';
import { identityDatabase } from '../apps/gateway/src/database/identity.database';
import { leadsDatabase } from '../apps/leads/src/database/leads.database';
import { notificationDatabase } from '../apps/notification/src/database/notification.database';
import { StandaloneEnv } from '../apps/standalone/src/standalone.env';

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
async function main(): Promise<void> {
  const env = loadEnv(StandaloneEnv);
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !DATABASES.some((db) => db.service === name));
  if (unknown.length > 0)
    throw new Error(`Unknown schema: ${unknown.join(', ')} (known: ${DATABASES.map((d) => d.service).join(', ')})`);
  const database = env.DATABASE_URL
    ? { url: env.DATABASE_URL, stop: () => Promise.resolve() }
    : await connectOrStartEmbeddedPostgres({ dataDir: env.DATA_DIR });
  try {
    for (const definition of DATABASES.filter((db) => only.length === 0 || only.includes(db.service))) {
      const options = serviceDataSourceOptions(definition, {
        url: database.url,
        poolSize: 2,
        applicationName: 'migrate',
      });
      const dataSource = await new DataSource(options).initialize();
      try {
        const applied = await migrateServiceDatabase(dataSource);
        process.stdout.write(`${definition.service}: ${applied.length ? applied.join(', ') : 'up to date'}\n`);
      } finally {
        await dataSource.destroy();
      }
    }
  } finally {
    await database.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
