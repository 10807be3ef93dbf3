export type RuntimeMode = 'standalone' | 'distributed';

/** What a running process is: chosen by its entry point, never by the domain code. */
export interface RuntimeOptions {
  mode: RuntimeMode;
  /** The app name in logs and health output; `standalone` when every app shares one process. */
  app: string;
  instanceId: string;
  natsUrl: string;
  /** This app's NATS credentials (NATS_USER, NATS_PASSWORD); absent: a NATS without authorization. */
  natsAuth?: NatsAuth;
  /** The CA that signed the NATS server's certificate (NATS_TLS_CA_FILE). */
  natsTlsCaFile?: string;
  /** RPC_TIMEOUT_MS: replaces the standard deadline of libs/contracts' table; unset, the table decides. */
  rpcTimeoutMs?: number;
  eventsNamespace: string;
  eventMaxAttempts: number;
  eventRetryBaseMs: number;
  outboxPollMs: number;
  eventRetention: EventRetentionPolicy;
}

export interface NatsAuth {
  user: string;
  /** Never logged. */
  password: string;
}

/** How long each service keeps its published outbox rows and processed-event records. */
export interface EventRetentionPolicy {
  outboxDays: number;
  processedEventsDays: number;
  sweepMs: number;
}

export const RUNTIME_OPTIONS = Symbol('RUNTIME_OPTIONS');
