import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { e2eMode } from './mode';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = e2eMode === 'standalone' ? process.env.E2E_STANDALONE_ADMIN_URL : process.env.E2E_PG_ADMIN_URL;
  if (!url) throw new Error(`No PostgreSQL for the ${e2eMode} suite (its globalSetup did not run)`);
  return url;
}

/** A new, empty database for one test file, in the mode's PostgreSQL (embedded or the machine's). */
export async function freshDatabase(): Promise<FreshDatabase> {
  const admin = adminUrl();
  const name = `pdp_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await withClient(admin, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
