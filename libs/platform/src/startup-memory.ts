import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** When to collect after start: once ready, and again once a late loader (decision's gazetteer) is done. */
const COLLECT_AFTER_MS = [1_000, 8_000];

/**
 * Gives back the memory start-up leaves behind. Loading ~1,600 modules allocates some 40 MB of
 * short-lived strings, which grows V8's young generation to its 16 MB semi-spaces; an idle
 * process keeps those pages until V8's memory reducer runs, tens of seconds later. One full
 * collection shrinks the young generation again, but V8 shrinks it only while the allocation
 * rate is low and not zero; the `last-resort` collection (the one V8 runs near its heap limit,
 * reducing the footprint) shrinks it when the process allocates nothing at all. A process still
 * loading at the first round (decision's gazetteer) gets a second one. About 15 MB per process,
 * once. Not `major-snapshot`: on Node 24 (not 20) it also writes a heap snapshot, secrets
 * included, to `heap.heapsnapshot` in the working directory.
 * (`--max-semi-space-size` would cap it for good and cost throughput: docs/performance.md.)
 */
export function releaseStartupMemory(): void {
  for (const ms of COLLECT_AFTER_MS) setTimeout(collectStartupGarbage, ms).unref();
}

/** One round: a full collection, then the footprint-reducing one. False when V8 gives no `gc`. */
export function collectStartupGarbage(): boolean {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as ((options?: { type: string; flavor?: string }) => void) | undefined;
  if (typeof gc !== 'function') return false;
  gc();
  gc({ type: 'major', flavor: 'last-resort' });
  return true;
}
