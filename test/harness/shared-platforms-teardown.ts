import type { E2eMode } from './mode';
import { takeLedger, terminate } from './shared-platforms-ledger';
import { dropDatabase } from './template-database';

/**
 * Stops the run's shared platforms of one mode, in-band or in whichever jest worker started them
 * (test/harness/shared-platforms-ledger.ts), and drops their databases, for a globalTeardown: with
 * modules of its own, since the sandboxes that started them are gone. `removeStreams` deletes what
 * a distributed platform left in NATS.
 */
export async function stopSharedPlatforms(
  mode: E2eMode,
  adminUrl: string | undefined,
  removeStreams?: (natsUrl: string, namespace: string) => Promise<void>,
): Promise<void> {
  for (const [key, slot] of globalThis.__E2E_SHARED_PLATFORMS__ ?? []) {
    if (slot.mode === mode) globalThis.__E2E_SHARED_PLATFORMS__?.delete(key);
  }
  const platforms = takeLedger(mode);
  await exited(platforms.flatMap((platform) => terminate(platform.pids)));
  for (const { databaseUrl, natsUrl, namespace } of platforms) {
    if (removeStreams && natsUrl && namespace) await removeStreams(natsUrl, namespace);
    if (adminUrl) await dropDatabase(adminUrl, new URL(databaseUrl).pathname.slice(1));
  }
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
