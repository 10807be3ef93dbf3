export * from './load-env';
export * from './base-env';
export * from './config.module';
