export * from './request-context';
export * from './request-context.interceptor';
export * from './logging.module';
