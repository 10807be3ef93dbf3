import { isServiceName } from '@app/contracts';
import { readMemory } from './memory';
import type { MemoryReading } from './memory';
import type { Mode, Platform } from './platforms';

/** How long a platform idles after it answers ready, before any request, when its memory is read. */
export const IDLE_S = 10;
/** Each service process (decision, catalogue, leads, billing, notification) idle, resident (RSS). */
export const SERVICE_LIMIT_MB = 100;
/** The whole standalone platform idle: its Node process and the embedded PostgreSQL's processes. */
export const STANDALONE_LIMIT_MB = 700;

/** Every process group's memory once the platform has idled `idleS` seconds. */
export async function readIdleMemory(platform: Platform, idleS: number): Promise<MemoryReading[]> {
  await new Promise((resolve) => setTimeout(resolve, idleS * 1000));
  return readMemory(platform.memoryGroups());
}

/**
 * The targets, met or not. Standalone's total is checked on PSS, which counts PostgreSQL's
 * shared buffers once rather than once per backend mapping them (RSS is printed beside it).
 */
export function idleMemoryChecks(mode: Mode, idle: MemoryReading[]): { check: string; met: boolean }[] {
  if (mode === 'standalone') {
    const total = (field: 'rssMb' | 'pssMb') => Math.round(idle.reduce((sum, reading) => sum + reading[field], 0));
    return [
      {
        check: `whole standalone platform idle < ${STANDALONE_LIMIT_MB} MB: PSS ${total('pssMb')} MB (RSS sum ${total('rssMb')} MB)`,
        met: total('pssMb') < STANDALONE_LIMIT_MB,
      },
    ];
  }
  return idle
    .filter((reading) => isServiceName(reading.label))
    .map((reading) => ({
      check: `idle ${reading.label} < ${SERVICE_LIMIT_MB} MB (RSS): ${reading.rssMb} MB`,
      met: reading.rssMb < SERVICE_LIMIT_MB,
    }));
}
