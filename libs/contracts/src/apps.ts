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

export interface AppRuntime {
  /** Default HTTP port: the public API for the gateway, health and metrics for a service. */
  port: number;
  /** Where `GET /metrics` is served: the gateway's internal port (METRICS_PORT), a service's health port. */
  metricsPort: number;
  livenessPath: string;
  readinessPath: string;
}

export const APP_RUNTIME: Record<AppName, AppRuntime> = {
  gateway: { port: 3000, metricsPort: 9464, livenessPath: '/v1/health/live', readinessPath: '/v1/health/ready' },
  decision: { port: 3001, metricsPort: 3001, livenessPath: '/health/live', readinessPath: '/health/ready' },
  catalogue: { port: 3002, metricsPort: 3002, livenessPath: '/health/live', readinessPath: '/health/ready' },
  leads: { port: 3003, metricsPort: 3003, livenessPath: '/health/live', readinessPath: '/health/ready' },
  billing: { port: 3004, metricsPort: 3004, livenessPath: '/health/live', readinessPath: '/health/ready' },
  notification: { port: 3005, metricsPort: 3005, livenessPath: '/health/live', readinessPath: '/health/ready' },
};

/** Variables every app needs in distributed mode; the deployment manifests must provide them. */
export const DISTRIBUTED_REQUIRED_ENV = ['DATABASE_URL', 'NATS_URL'] as const;
