import type { SharedPlatformSlot } from './e2e.environment';
import { dropDatabase } from './template-database';

/**
 * Stops the run's shared platforms of one mode (test/harness/e2e.environment.ts) and drops their databases,
 * for a globalTeardown: with modules of its own, since the sandboxes that started them are gone.
 * `removeStreams` deletes what a distributed platform left in NATS.
 */
export async function stopSharedPlatforms(
  mode: SharedPlatformSlot['mode'],
  adminUrl: string | undefined,
  removeStreams?: (natsUrl: string, namespace: string) => Promise<void>,
): Promise<void> {
  const shared = globalThis.__E2E_SHARED_PLATFORMS__;
  for (const [key, slot] of shared ?? []) {
    if (slot.mode !== mode) continue;
    await stopSlot(slot, adminUrl, removeStreams);
    shared?.delete(key);
  }
}

async function stopSlot(
  slot: SharedPlatformSlot,
  adminUrl: string | undefined,
  removeStreams?: (natsUrl: string, namespace: string) => Promise<void>,
): Promise<void> {
  const leftovers = slot.leftovers();
  await exited(slot.signal());
  if (!leftovers) return;
  if (removeStreams && leftovers.natsUrl && leftovers.namespace)
    await removeStreams(leftovers.natsUrl, leftovers.namespace);
  if (adminUrl) await dropDatabase(adminUrl, new URL(leftovers.databaseUrl).pathname.slice(1));
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
