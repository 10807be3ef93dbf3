import { DECISION_BODIES } from './workload';

/** Items per batch: the largest answered in the request (JSON), so the figure is the route's, not the job's. */
export const BATCH_SIZE = 100;
/** Batches in flight: enough to keep two cores busy without queuing minutes of work. */
export const BATCH_CONCURRENCY = 4;

export interface BatchResult {
  itemsPerSecond: number;
  batches: number;
  items: number;
  errors: number;
}

/**
 * POST /v1/decisions/batch with BATCH_SIZE scoring-only items, BATCH_CONCURRENCY at a time,
 * for `durationS`: answered items per second (autocannon counts requests; here the unit is the item).
 */
export async function measureBatch(
  baseUrl: string,
  headers: Record<string, string>,
  durationS: number,
): Promise<BatchResult> {
  const body = JSON.stringify({
    items: Array.from({ length: BATCH_SIZE }, (_, i) => DECISION_BODIES[i % DECISION_BODIES.length]),
  });
  const result = { batches: 0, items: 0, errors: 0 };
  const started = performance.now();
  const until = started + durationS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const res = await fetch(`${baseUrl}/v1/decisions/batch`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
      const answer = (await res.json()) as { succeeded_count?: number };
      if (res.status !== 200 || answer.succeeded_count !== BATCH_SIZE) result.errors++;
      else {
        result.batches++;
        result.items += BATCH_SIZE;
      }
    }
  };
  await Promise.all(Array.from({ length: BATCH_CONCURRENCY }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  return { ...result, itemsPerSecond: Math.round(result.items / elapsedS) };
}
