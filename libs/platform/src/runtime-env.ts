import { ConfigurationError } from '@app/config';
import type { BaseEnv } from '@app/config';
import type { DatabaseConnectionOptions } from '@app/database';
import type { RuntimeMode, RuntimeOptions } from '@app/messaging';
import { newInstanceId } from '@app/observability';

export function runtimeOptionsFrom(env: BaseEnv, mode: RuntimeMode, app: string): RuntimeOptions {
  return {
    mode,
    app,
    instanceId: newInstanceId(app),
    natsUrl: env.NATS_URL,
    natsAuth: env.NATS_USER && env.NATS_PASSWORD ? { user: env.NATS_USER, password: env.NATS_PASSWORD } : undefined,
    natsTlsCaFile: env.NATS_TLS_CA_FILE,
    rpcTimeoutMs: env.RPC_TIMEOUT_MS ?? undefined,
    eventsNamespace: env.EVENTS_NAMESPACE,
    eventMaxAttempts: env.EVENT_MAX_ATTEMPTS,
    eventRetryBaseMs: env.EVENT_RETRY_BASE_MS,
    outboxPollMs: env.OUTBOX_POLL_MS,
    eventRetention: {
      outboxDays: env.OUTBOX_RETENTION_DAYS,
      processedEventsDays: env.PROCESSED_EVENTS_RETENTION_DAYS,
      sweepMs: env.EVENT_RETENTION_SWEEP_MS,
    },
  };
}

/** Distributed processes need an external PostgreSQL; say so by name rather than fail later. */
export function distributedDatabase(env: BaseEnv, app: string): DatabaseConnectionOptions {
  if (!env.DATABASE_URL) throw new ConfigurationError(['DATABASE_URL: required in distributed mode (not set)']);
  return { url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE, applicationName: app };
}
