import { IsInt, IsOptional, IsString, IsUrl, Length, Matches, Max, Min } from 'class-validator';
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

  /** Internal port of `GET /metrics` (Prometheus), never the public one; 0 takes any free port. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = 9464;

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

  /**
   * 32 random bytes, base64, the same as the notification service's: seals an invitation's
   * accept token into its event, so the invitee can be mailed the link without the token
   * showing in the outbox, the broker or a log. Unset: no invitation e-mail (the inviter
   * still gets the token). Standalone generates one into DATA_DIR.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes in base64 (openssl rand -base64 32)' })
  INVITATION_TOKEN_KEY?: string;

  @ToInteger()
  @IsInt()
  @Min(3600)
  @Max(365 * 86_400)
  REFRESH_TOKEN_TTL_S = 30 * 86_400;

  /**
   * OAuth (MCP clients): cookie keys of the authorization server's login and consent session,
   * secrets of at least 32 characters separated by commas; the first signs, all verify. Unset:
   * derived from JWT_SIGNING_KEYS (so standalone's generated key in DATA_DIR covers it).
   */
  @IsOptional()
  @Matches(/^[^,]{32,}(,[^,]{32,})*$/, { message: 'must be secrets of at least 32 characters separated by commas' })
  OAUTH_COOKIE_KEYS?: string;

  /** Lifetime of an MCP access token (a JWT for the /mcp audience). */
  @ToInteger()
  @IsInt()
  @Min(60)
  @Max(3600)
  OAUTH_ACCESS_TOKEN_TTL_S = 600;

  /** Lifetime of an MCP refresh token (each refresh rotates it) and of the grant behind it. */
  @ToInteger()
  @IsInt()
  @Min(3600)
  @Max(365 * 86_400)
  OAUTH_REFRESH_TOKEN_TTL_S = 30 * 86_400;

  /** How long a verified API key is trusted without a database look-up: the bound on revocation delay. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(5000)
  API_KEY_CACHE_MS = 2000;

  /** Shared store for rate limits (auth, fair use, visitors) across gateway replicas; unset: in memory (standalone). */
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

  /** Requests per minute allowed to one API key, on every route it calls; 0 turns the limit off. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  API_RATE_LIMIT = 600;

  /**
   * Requests per minute allowed to one client IP on the public routes (property search and
   * pages, availability, broker pages, public projects, widget session creation); 0 turns it off.
   */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  PUBLIC_RATE_LIMIT = 300;

  /**
   * Listing images: an S3-compatible store when S3_BUCKET is set (needed once more than one
   * gateway runs), else the gateway's own disk under DATA_DIR/images. Standalone also keeps its
   * embedded PostgreSQL, demo credentials and signing key in DATA_DIR.
   */
  @IsString()
  DATA_DIR = './.data';

  /** Largest image upload accepted (the file itself); larger ones get 413 payload_too_large. */
  @ToInteger()
  @IsInt()
  @Min(1024)
  @Max(50 * 1024 * 1024)
  IMAGE_MAX_BYTES = 10 * 1024 * 1024;

  /** The store's endpoint (MinIO, Ceph, R2, …; path-style addressing); unset: AWS S3 itself. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  S3_ENDPOINT?: string;

  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a bucket name (3-63 of a-z, 0-9, . and -)' })
  S3_BUCKET?: string;

  @IsOptional()
  @Matches(/^[a-z0-9-]{1,40}$/, { message: 'must be a region name such as us-east-1' })
  S3_REGION = 'us-east-1';

  /** Both or neither; neither: the AWS SDK's default credential chain (instance or pod role). */
  @IsOptional()
  @IsString()
  @Length(1, 256)
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  S3_SECRET_ACCESS_KEY?: string;
}

export const gatewayConfig = defineAppConfig('gateway', GatewayEnv);
