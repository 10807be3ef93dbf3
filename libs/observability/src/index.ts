export * from './request-context';
export * from './logging.module';
export * from './tracing/tracing';
export * from './metrics';
