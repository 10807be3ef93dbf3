export * from './registry';
export * from './labelled-children';
export * from './http-metrics';
export * from './metrics-server';
