import fs from 'node:fs';

export default async function standaloneGlobalTeardown(): Promise<void> {
  const embedded = globalThis.__E2E_EMBEDDED_POSTGRES__;
  if (!embedded) return;
  await embedded.db.stop();
  fs.rmSync(embedded.dataDir, { recursive: true, force: true });
}
