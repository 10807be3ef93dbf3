export * from './request-context';
export * from './logging.module';
