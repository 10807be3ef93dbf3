import type { Workload } from './load';

const READY_TIMEOUT_MS = 30_000;

/**
 * The 304 path of a conditional GET: each path with the ETag its 200 carries in `If-None-Match`.
 * Waits until every path answers 304 (after an import the gateway learns the new gazetteer
 * version within the decision service's poll), so the run measures the 304 path only.
 */
export async function notModifiedWorkload(baseUrl: string, workload: Workload): Promise<Workload> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const etags = await Promise.all(workload.paths.map((path) => etagOf(baseUrl, path, workload.headers)));
    const answers = await Promise.all(
      workload.paths.map((path, i) => statusOf(baseUrl, path, { ...workload.headers, 'if-none-match': etags[i] })),
    );
    if (answers.every((status) => status === 304))
      return {
        ...workload,
        requestHeaders: etags.map((etag) => ({ 'if-none-match': etag })),
        expectedStatus: 304,
      };
    if (Date.now() > deadline) throw new Error(`If-None-Match with the current ETag answered ${answers.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function etagOf(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, { headers });
  await res.arrayBuffer();
  const etag = res.headers.get('etag');
  if (!res.ok || !etag) throw new Error(`GET ${path} answered ${res.status} without an ETag`);
  return etag;
}

async function statusOf(baseUrl: string, path: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${baseUrl}${path}`, { headers });
  await res.arrayBuffer();
  return res.status;
}
