export * from './load-env';
export * from './base-env';
export * from './config.module';
export * from './ai-model-env';
export * from './public-url';
