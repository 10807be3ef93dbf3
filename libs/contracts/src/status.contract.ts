import type { ServiceName } from './apps';

/** Request/response patterns start with `rpc.` so they never fall inside an event stream (`<service>.>`). */
export function statusPattern(service: ServiceName): string {
  return `rpc.${service}.status.v1`;
}

export interface ServiceStatusResponse {
  service: ServiceName;
  instance: string;
  database: 'up' | 'down';
  uptime_s: number;
}
