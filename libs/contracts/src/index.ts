// The payload classes carry class-transformer/class-validator decorators, which need the Reflect
// metadata API before they are evaluated: loaded here, so no entry point has to remember it.
import 'reflect-metadata';

export * from './apps';
export * from './paging';
export * from './place.contract';
export * from './status.contract';
export * from './access';
export * from './billing.contract';
export * from './locations.contract';
export * from './identity.contract';
export * from './decisions.contract';
export * from './catalogue.contract';
export * from './listing-images.contract';
export * from './properties.contract';
export * from './leads.contract';
export * from './leads-http.contract';
export * from './leads-responses.contract';
export * from './notifications.contract';
export * from './events.catalog';
export * from './verification.contract';
export * from './listing-import.contract';
export * from './decision-batches.contract';
export * from './projects.contract';
export * from './knowledge.contract';
export * from './conversations.contract';
export * from './widget-page.contract';
export * from './rpc-descriptor';
export * from './rpc-deadlines';
export * from './transport-permissions';
