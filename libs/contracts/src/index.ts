export * from './apps';
export * from './status.contract';
export * from './access';
export * from './billing.contract';
export * from './locations.contract';
export * from './identity.contract';
export * from './decisions.contract';
