export * from './platform.module';
export * from './runtime-env';
export * from './shutdown';
export * from './run-service';
export * from './health/transport.health';
export * from './health/service-status';
export * from './health/service-health.module';
export * from './startup-error';
