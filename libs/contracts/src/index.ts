export * from './apps';
export * from './status.contract';
export * from './access';
