import type { DataSource } from 'typeorm';
import type { DependencyState } from './service-probes';

/** `SELECT 1` within the timeout; the states and messages Terminus's TypeORM ping reported. */
export async function pingDatabase(dataSource: DataSource, timeoutMs = 1000): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  try {
    const outcome = await Promise.race([dataSource.query('SELECT 1').then(() => 'up' as const), timedOut]);
    return outcome === 'up' ? { status: 'up' } : { message: `timeout of ${timeoutMs}ms exceeded`, status: 'down' };
  } catch {
    return { status: 'down' };
  } finally {
    clearTimeout(timer);
  }
}
