export * from './apps';
export * from './status.contract';
