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
  }));
  const headers = { ...workload.headers, ...(workload.bodies ? { 'content-type': 'application/json' } : {}) };
  return new Promise((resolve, reject) => {
    autocannon(
      { url: baseUrl, connections: settings.connections, duration: settings.durationS, headers, requests, timeout: 10 },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          requestsPerSecond: Math.round(result.requests.average),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          requests: result.requests.total,
          errors: result.non2xx + result.errors + result.timeouts,
          statusCodes: Object.fromEntries(
            Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
          ),
        });
      },
    );
  });
}
