export * from './request-context';
export * from './logging.module';
export * from './metrics';
