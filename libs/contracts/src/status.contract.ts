import { IsIn, IsNumber, IsOptional, IsString } from '@app/validation';
import { SERVICE_NAMES } from './apps';
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

/**
 * One service as the gateway sees it (GET /v1/health/services/{service}). The gateway's OpenAPI
 * document is generated from these classes (docs/openapi.md).
 */
export class ServiceHealthResponse {
  /** The service asked. */
  @IsIn(SERVICE_NAMES)
  service: ServiceName;

  /** degraded: it answered but its database did not */
  @IsIn(['up', 'degraded', 'down'])
  status: 'up' | 'degraded' | 'down';

  /** Round trip through the transport, ms */
  @IsNumber()
  latency_ms: number;

  /** The replica that answered (absent when the service is down). */
  @IsOptional()
  @IsString()
  instance?: string;

  /** The service's own database (absent when the service is down). */
  @IsOptional()
  @IsIn(['up', 'down'])
  database?: 'up' | 'down';

  /** Seconds since the replica started (absent when the service is down). */
  @IsOptional()
  @IsNumber()
  uptime_s?: number;
}

/** Every service (GET /v1/health/services). */
export class ServicesHealthResponse {
  /** Always `list`. */
  @IsIn(['list'])
  object: 'list';

  /** `ok` when every service is up, else `degraded`. */
  @IsIn(['ok', 'degraded'])
  status: 'ok' | 'degraded';

  /** One entry per service. */
  data: ServiceHealthResponse[];
}
