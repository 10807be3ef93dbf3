import type { LoadResult, LoadSettings } from './load';

/**
 * Requests in flight on the write routes (inquiries, the widget): each is a transaction and calls between
 * services; 50 at once on 2 shared cores queue past the services' RPC deadlines (503).
 */
export const WRITE_CONNECTIONS = 10;

/** A request that may be sent once only (an inquiry of a buyer with a quota, a widget visitor's message). */
export interface OneShot {
  /** Sends it and resolves with the status the run counts (0: no answer in time, or no connection). */
  send(): Promise<number>;
}

/**
 * Requests that one client sends one after another (a visitor's turns in one chat), with what it
 * opens before the first (the chat's event stream) and closes after the last; a lane of one
 * request for requests that need no order.
 */
export interface Lane {
  requests: OneShot[];
  open?(): Promise<void>;
  close?(): void;
}

/**
 * Runs `lanes` with `settings.connections` in flight, each request once, until the duration is over
 * or the lanes run out, whichever comes first: autocannon repeats its requests on every connection,
 * which a quota (10 inquiries an hour per buyer) or a visitor's limit cannot take. Requests per
 * second over the time actually run; latency from each request's start to its end.
 */
export async function runOneShot(
  lanes: Lane[],
  settings: LoadSettings,
  expectedStatus: number,
): Promise<LoadResult & { exhausted: boolean }> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const until = started + settings.durationS * 1000;
  const worker = async () => {
    while (performance.now() < until && next < lanes.length) {
      const lane = lanes[next++];
      await lane.open?.();
      try {
        for (const request of lane.requests) {
          if (performance.now() >= until) break;
          const sent = performance.now();
          const status = await request.send().catch(() => 0);
          latencies.push(performance.now() - sent);
          statusCodes[String(status)] = (statusCodes[String(status)] ?? 0) + 1;
          if (status !== expectedStatus) failed++;
        }
      } finally {
        lane.close?.();
      }
    }
  };
  await Promise.all(Array.from({ length: settings.connections }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / elapsedS),
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    requests: latencies.length,
    errors: failed,
    statusCodes,
    exhausted: next >= lanes.length && performance.now() < until,
  };
}

/** Lanes of one request each. */
export function singly(requests: OneShot[]): Lane[] {
  return requests.map((request) => ({ requests: [request] }));
}

/** The nearest-rank percentile of ascending `sorted` values (0 for none). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
