import autocannon from 'autocannon';

export interface LoadSettings {
  durationS: number;
  connections: number;
}

/** The requests one run cycles through, each connection in turn. */
export interface Workload {
  method: 'GET' | 'POST';
  paths: string[];
  bodies?: unknown[];
  headers?: Record<string, string>;
  /** Headers of the i-th request only (an `If-None-Match` per path), beside `headers`. */
  requestHeaders?: Record<string, string>[];
  /** The status every answer must have (default: any 2xx), e.g. 304 for a conditional run. */
  expectedStatus?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses outside 2xx plus connection errors and timeouts: any of them makes the run invalid. */
  errors: number;
  statusCodes: Record<string, number>;
  /** CPU per platform process group over the run, when measured (cores busy, CPU ms per request). */
  cpu?: { label: string; cores: number; msPerRequest: number }[];
}

/** One autocannon run against `baseUrl`. */
export function runLoad(baseUrl: string, workload: Workload, settings: LoadSettings): Promise<LoadResult> {
  const count = Math.max(workload.paths.length, workload.bodies?.length ?? 0);
  const requests = Array.from({ length: count }, (_, i) => ({
    method: workload.method,
    path: workload.paths[i % workload.paths.length],
    ...(workload.bodies ? { body: JSON.stringify(workload.bodies[i % workload.bodies.length]) } : {}),
    ...(workload.requestHeaders
      ? { headers: { ...headersOf(workload), ...workload.requestHeaders[i % workload.requestHeaders.length] } }
      : {}),
  }));
  const headers = headersOf(workload);
  return new Promise((resolve, reject) => {
    autocannon(
      { url: baseUrl, connections: settings.connections, duration: settings.durationS, headers, requests, timeout: 10 },
      (err, result) => {
        if (err) return reject(err);
        const statusCodes = Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
        );
        const unexpected =
          workload.expectedStatus === undefined
            ? result.non2xx
            : result.requests.total - (statusCodes[String(workload.expectedStatus)] ?? 0);
        resolve({
          requestsPerSecond: Math.round(result.requests.average),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          requests: result.requests.total,
          errors: unexpected + result.errors + result.timeouts,
          statusCodes,
        });
      },
    );
  });
}

function headersOf(workload: Workload): Record<string, string> {
  return { ...workload.headers, ...(workload.bodies ? { 'content-type': 'application/json' } : {}) };
}
