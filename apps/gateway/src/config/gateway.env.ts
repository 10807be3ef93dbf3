import { IsInt, IsOptional, IsUrl, Max, Min } from 'class-validator';
import { BaseEnv, ToInteger, defineAppConfig } from '@app/config';

export class GatewayEnv extends BaseEnv {
  /** Largest request body accepted; larger bodies get 413 payload_too_large. */
  @ToInteger()
  @IsInt()
  @Min(1024)
  @Max(50 * 1024 * 1024)
  BODY_LIMIT_BYTES = 1024 * 1024;

  /** The URL clients use to reach the gateway (OpenAPI servers, links); defaults to http://localhost:PORT. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;
}

export const gatewayConfig = defineAppConfig('gateway', GatewayEnv);
