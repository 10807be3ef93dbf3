import { randomBytes } from 'node:crypto';
import { e2eMode } from './mode';
import { withClient } from './pg-client';

export { withClient };

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = e2eMode === 'standalone' ? process.env.E2E_STANDALONE_ADMIN_URL : process.env.E2E_PG_ADMIN_URL;
  if (!url) throw new Error(`No PostgreSQL for the ${e2eMode} suite (its globalSetup did not run)`);
  return url;
}

/** The run's migrated template in the mode's PostgreSQL (test/harness/template-database.ts), if there is one. */
function templateName(): string | undefined {
  return e2eMode === 'standalone' ? process.env.E2E_STANDALONE_TEMPLATE : process.env.E2E_PG_TEMPLATE;
}

/**
 * A new database for one test file, in the mode's PostgreSQL (embedded or the machine's):
 * a copy of the run's migrated template, or empty with `{ empty: true }` (or without a template).
 */
export async function freshDatabase(options: { empty?: boolean } = {}): Promise<FreshDatabase> {
  const admin = adminUrl();
  const name = `pdp_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const template = options.empty ? undefined : templateName();
  await withClient(admin, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
