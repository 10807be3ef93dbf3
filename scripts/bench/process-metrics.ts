/**
 * What an app's `GET /metrics` says about its heap and collector (prom-client's default metrics,
 * libs/observability): the sizing soak reads them before, during and after each run.
 */
export interface ProcessMetrics {
  heapUsedMiB: number;
  /** Time spent in every kind of collection since start, in ms (`nodejs_gc_duration_seconds_sum`). */
  gcMs: number;
  /** Full (mark-compact) collections since start (`nodejs_gc_duration_seconds_count{kind="major"}`). */
  majorGcs: number;
}

/** The sum of a metric's samples whose labels include `labels` (a Prometheus text exposition). */
export function metricValue(exposition: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = match[2] ?? '';
    if (Object.entries(labels).every(([key, value]) => found.includes(`${key}="${value}"`))) total += Number(match[3]);
  }
  return total;
}

export async function readProcessMetrics(url: string): Promise<ProcessMetrics | undefined> {
  const res = await fetch(url).catch(() => undefined);
  if (!res?.ok) return undefined;
  const text = await res.text();
  return {
    heapUsedMiB: metricValue(text, 'nodejs_heap_size_used_bytes') / (1024 * 1024),
    gcMs: metricValue(text, 'nodejs_gc_duration_seconds_sum') * 1000,
    majorGcs: metricValue(text, 'nodejs_gc_duration_seconds_count', { kind: 'major' }),
  };
}
