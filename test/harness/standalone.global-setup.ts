import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// globalSetup runs outside jest's module mapper, so the launcher is imported by path.
// eslint-disable-next-line no-restricted-imports
import { startEmbeddedPostgres } from '../../libs/database/src/embedded/embedded-postgres';
import type { EmbeddedPostgres } from '../../libs/database/src/embedded/embedded-postgres'; // eslint-disable-line no-restricted-imports
import { openLedger } from './shared-platforms-ledger';
import { createTemplateDatabase } from './template-database';

declare global {
  var __E2E_EMBEDDED_POSTGRES__: { db: EmbeddedPostgres; dataDir: string } | undefined;
}

/**
 * One embedded PostgreSQL for the standalone suite, with the run's migrated template; each test
 * file makes its own database in it.
 */
export default async function standaloneGlobalSetup(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-e2e-'));
  fs.chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as "postgres", which must enter it
  // A file's own platform, the shared ones (paused, still connected) and the file's own clients.
  const db = await startEmbeddedPostgres({ dataDir, database: 'postgres', maxConnections: 400 });
  process.env.E2E_STANDALONE_ADMIN_URL = db.url;
  openLedger('standalone');
  globalThis.__E2E_EMBEDDED_POSTGRES__ = { db, dataDir };
  const template = await createTemplateDatabase(db.url);
  if (template) process.env.E2E_STANDALONE_TEMPLATE = template;
}
