import type {} from './e2e.environment';
import { dropTemplateDatabase } from './template-database';

/** Closes the run's shared platforms (test/harness/e2e.environment.ts), then drops the template. */
export default async function distributedGlobalTeardown(): Promise<void> {
  const shared = globalThis.__E2E_SHARED_PLATFORMS__;
  await Promise.all([...(shared?.values() ?? [])].map((slot) => slot.close()));
  shared?.clear();
  const adminUrl = process.env.E2E_PG_ADMIN_URL;
  if (adminUrl) await dropTemplateDatabase(adminUrl, process.env.E2E_PG_TEMPLATE);
}
