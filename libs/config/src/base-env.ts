import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from '@app/validation';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Decimal integers only: `0x10`, `1e3` or `' '` stay strings and fail validation, naming the variable. */
export const ToInteger = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value,
  );

/** `true`/`false`/`1`/`0` from the environment; anything else fails validation. */
export const ToBoolean = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return value;
  });

/** Variables every app reads, in both modes. Defaults are the documented ones (README). */
/** How long the JetStream event streams keep an event (their max_age): a consumer may see any event this young. */
export const EVENT_STREAM_MAX_AGE_DAYS = 14;

export class BaseEnv {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  /** Distributed mode: where the app's schema lives. Standalone ignores it (embedded PostgreSQL). */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsString()
  @Matches(/^(nats|tls|ws|wss):\/\//, { message: 'must be a nats:// URL (comma-separate several servers)' })
  NATS_URL = 'nats://127.0.0.1:4222';

  /**
   * This app's user in the NATS server's authorization (deploy/nats/, docs/security.md), with
   * NATS_PASSWORD; both unset: connect without credentials, to a NATS that asks for none.
   */
  @ValidateIf((env: BaseEnv) => env.NATS_USER !== undefined || env.NATS_PASSWORD !== undefined)
  @IsString({ message: 'is required when NATS_PASSWORD is set' })
  NATS_USER?: string;

  /**
   * NATS_USER's password (from the Secret); never logged. nats-server reads it from its environment
   * as a configuration value, so it must start with a letter (`p$(openssl rand -hex 24)`): a leading
   * digit is parsed as a number and the server refuses to start.
   */
  @ValidateIf((env: BaseEnv) => env.NATS_USER !== undefined || env.NATS_PASSWORD !== undefined)
  @Matches(/^[A-Za-z][A-Za-z0-9_-]{15,}$/, {
    message:
      'is required with NATS_USER: 16+ letters, digits, - or _, starting with a letter (p$(openssl rand -hex 24))',
  })
  NATS_PASSWORD?: string;

  /** The CA certificate (PEM file) that signed the NATS server's; set, the connection must be TLS. */
  @IsOptional()
  @IsString()
  NATS_TLS_CA_FILE?: string;

  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(200)
  DB_POOL_SIZE = 10;

  /**
   * The operator's deadline for every standard request over the transport (503 service_unavailable
   * after it); unset, each pattern's measured deadline in libs/contracts (rpc-deadlines.ts) applies.
   * Typed as a union so class-transformer leaves `1e3` to ToInteger, which refuses it.
   */
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(50)
  @Max(120_000)
  RPC_TIMEOUT_MS?: number | null;

  /** Prefix for every NATS subject (requests and events) and stream name, so environments can share one NATS. */
  @IsOptional()
  @Matches(/^[a-z0-9_-]*$/i, { message: 'may hold only letters, digits, - and _' })
  EVENTS_NAMESPACE = '';

  /** Deliveries of an event before it is recorded as dead. */
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(100)
  EVENT_MAX_ATTEMPTS = 5;

  /** Delay before the first redelivery of a failed event; doubles per attempt. */
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(600_000)
  EVENT_RETRY_BASE_MS = 1000;

  @ToInteger()
  @IsInt()
  @Min(10)
  @Max(60_000)
  OUTBOX_POLL_MS = 500;

  /** Published outbox rows are deleted this many days after publication (the stream holds the event). */
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(365)
  OUTBOX_RETENTION_DAYS = 7;

  /**
   * A consumer's record of the events it settled is kept this many days: longer than the stream
   * keeps an event, so no event can be delivered again after its record is gone.
   */
  @ToInteger()
  @IsInt()
  @Min(EVENT_STREAM_MAX_AGE_DAYS + 1, {
    message: `must be more than the ${EVENT_STREAM_MAX_AGE_DAYS} days the event stream keeps an event`,
  })
  @Max(365)
  PROCESSED_EVENTS_RETENTION_DAYS = EVENT_STREAM_MAX_AGE_DAYS + 1;

  /** How often each service deletes the outbox rows and processed-event records past their retention. */
  @ToInteger()
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  EVENT_RETENTION_SWEEP_MS = 3_600_000;

  /** Longest a SIGTERM waits for in-flight requests and messages to finish. */
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(300_000)
  SHUTDOWN_TIMEOUT_MS = 10_000;

  /**
   * Traces (docs/tracing.md): set, spans go over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`;
   * unset, tracing is off and no OpenTelemetry code is loaded. Read at process start.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+/, {
    message: 'must be an http:// or https:// URL (the collector, e.g. http://otel-collector:4318)',
  })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  /** Extra headers for the collector (`key=value,…`), e.g. its API key; never logged. */
  @IsOptional()
  @IsString()
  OTEL_EXPORTER_OTLP_HEADERS?: string;

  /** The spans' `service.name`; unset: the app's name (gateway, decision, …, standalone). */
  @IsOptional()
  @Matches(/^\S{1,100}$/, { message: 'must be a name without spaces' })
  OTEL_SERVICE_NAME?: string;

  /** Share of new traces kept, 0 to 1; a request whose `traceparent` says sampled is always kept. */
  @IsOptional()
  @Matches(/^(0(\.\d+)?|1(\.0+)?)$/, { message: 'must be a number from 0 to 1' })
  OTEL_TRACES_SAMPLER_ARG?: string;

  /** How often finished spans are sent, in ms. */
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(60_000)
  OTEL_BSP_SCHEDULE_DELAY = 5000;

  /** Unset: the app's default port (3000 gateway and standalone, 3001-3005 services). */
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(65_535)
  PORT?: number;
}
