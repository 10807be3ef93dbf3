import type {} from './e2e.environment';
// globalTeardown runs outside jest's module mapper, so the helper is imported by path.
// eslint-disable-next-line no-restricted-imports
import { deleteNamespaceStreams } from '../../libs/messaging/src/events/delete-namespace-streams';
import { dropDatabase } from './template-database';

/**
 * Stops the run's shared platforms (test/harness/e2e.environment.ts) and removes what they
 * leave, with modules of its own (the sandboxes that started them are gone), then the template.
 */
export default async function distributedGlobalTeardown(): Promise<void> {
  const adminUrl = process.env.E2E_PG_ADMIN_URL;
  const shared = globalThis.__E2E_SHARED_PLATFORMS__;
  for (const slot of shared?.values() ?? []) {
    const leftovers = slot.leftovers();
    await exited(slot.signal());
    if (!leftovers) continue;
    await deleteNamespaceStreams(leftovers.natsUrl, leftovers.namespace);
    if (adminUrl) await dropDatabase(adminUrl, new URL(leftovers.databaseUrl).pathname.slice(1));
  }
  shared?.clear();
  if (adminUrl) await dropDatabase(adminUrl, process.env.E2E_PG_TEMPLATE);
}

/** Waits for the processes to finish draining (SIGKILL after 30 s). */
async function exited(pids: number[]): Promise<void> {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 30_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
}
