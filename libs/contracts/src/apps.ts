/**
 * The deployable apps. One table read by the runners, the health checks, the
 * gateway's status view and the deployment-manifest test, so a new app is
 * declared once.
 */
export const SERVICE_NAMES = ['decision', 'catalogue', 'leads', 'billing', 'notification'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}

export const APP_NAMES = ['gateway', ...SERVICE_NAMES] as const;
export type AppName = (typeof APP_NAMES)[number];

/**
 * Node options a service process starts with (the runners, the e2e harness and the image's CMD).
 * One V8 worker thread instead of four: at start Node 20 runs cjs-module-lexer over the CommonJS
 * that Nest 12's ESM packages import (typeorm's export tree, some 160 files), TurboFan optimises
 * the lexer on the workers, and each worker's malloc arena keeps 1-5 MB of that compiler memory
 * resident for good: 4-7 MB per idle service, measured (docs/running.md). A service is limited
 * to one CPU (k8s), so three more workers bought it nothing. The gateway keeps the default.
 */
export const SERVICE_NODE_ARGS = ['--v8-pool-size=1'] as const;

export function nodeArgsFor(app: AppName): string[] {
  return app === 'gateway' ? [] : [...SERVICE_NODE_ARGS];
}

export interface AppRuntime {
  /** Default HTTP port: the public API for the gateway, health and metrics for a service. */
  port: number;
  /** Where `GET /metrics` is served: the gateway's internal port (METRICS_PORT), a service's health port. */
  metricsPort: number;
  livenessPath: string;
  /** Ready means started and not shutting down; never the shared dependencies' state. */
  readinessPath: string;
  /** The state of PostgreSQL and NATS as this process sees them, for operators (200, or 503 when one is down). */
  dependenciesPath: string;
}

const SERVICE_HEALTH = {
  livenessPath: '/health/live',
  readinessPath: '/health/ready',
  dependenciesPath: '/health/dependencies',
} as const;

export const APP_RUNTIME: Record<AppName, AppRuntime> = {
  gateway: {
    port: 3000,
    metricsPort: 9464,
    livenessPath: '/v1/health/live',
    readinessPath: '/v1/health/ready',
    dependenciesPath: '/v1/health/dependencies',
  },
  decision: { port: 3001, metricsPort: 3001, ...SERVICE_HEALTH },
  catalogue: { port: 3002, metricsPort: 3002, ...SERVICE_HEALTH },
  leads: { port: 3003, metricsPort: 3003, ...SERVICE_HEALTH },
  billing: { port: 3004, metricsPort: 3004, ...SERVICE_HEALTH },
  notification: { port: 3005, metricsPort: 3005, ...SERVICE_HEALTH },
};

/** Variables every app needs in distributed mode; the deployment manifests must provide them. */
export const DISTRIBUTED_REQUIRED_ENV = ['DATABASE_URL', 'NATS_URL'] as const;
