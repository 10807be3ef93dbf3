import { IsInt, IsOptional, IsUrl, Matches, Max, Min } from 'class-validator';
import { BaseEnv, ToInteger, defineAppConfig } from '@app/config';

export class GatewayEnv extends BaseEnv {
  /**
   * Proxies in front of the gateway whose X-Forwarded-For is believed (the ingress: 1).
   * 0 trusts none, so a client cannot choose the IP that per-IP rate limits count.
   */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(10)
  TRUST_PROXY_HOPS = 0;

  /** Largest request body accepted; larger bodies get 413 payload_too_large. */
  @ToInteger()
  @IsInt()
  @Min(1024)
  @Max(50 * 1024 * 1024)
  BODY_LIMIT_BYTES = 1024 * 1024;

  /** Browser origins allowed to call the API (CORS), comma-separated, e.g. `https://app.example.sa`; unset: none. */
  @IsOptional()
  @Matches(/^https?:\/\/[^,\s]+(,\s*https?:\/\/[^,\s]+)*$/, { message: 'must be http(s) origins separated by commas' })
  CORS_ORIGINS?: string;

  /** The URL clients use to reach the gateway (OpenAPI servers, links); defaults to http://localhost:PORT. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;

  /**
   * Access-token signing keys, `kid:secret` pairs separated by commas; the first signs,
   * all verify, so a new key can be added first and an old one dropped a token lifetime later.
   * Standalone generates one into DATA_DIR when unset; distributed requires it.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,32}:[^,]{32,}(,[A-Za-z0-9_-]{1,32}:[^,]{32,})*$/, {
    message: 'must be kid:secret pairs separated by commas, each secret at least 32 characters',
  })
  JWT_SIGNING_KEYS?: string;

  @ToInteger()
  @IsInt()
  @Min(60)
  @Max(86_400)
  ACCESS_TOKEN_TTL_S = 900;

  @ToInteger()
  @IsInt()
  @Min(3600)
  @Max(365 * 86_400)
  REFRESH_TOKEN_TTL_S = 30 * 86_400;

  /** How long a verified API key is trusted without a database look-up: the bound on revocation delay. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(5000)
  API_KEY_CACHE_MS = 2000;

  /** Shared store for rate limits across gateway replicas; unset: in memory (standalone). */
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'must be a redis:// URL' })
  REDIS_URL?: string;

  /** Sign-up and login attempts allowed per client IP and per account (email) each window. */
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(10_000)
  AUTH_RATE_LIMIT = 10;

  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(86_400)
  AUTH_RATE_WINDOW_S = 60;
}

export const gatewayConfig = defineAppConfig('gateway', GatewayEnv);
