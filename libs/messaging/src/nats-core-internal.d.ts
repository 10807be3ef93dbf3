// @nats-io/transport-node and @nats-io/jetstream declare their types against
// '@nats-io/nats-core/internal', a subpath only the package's "exports" map names. The
// project's moduleResolution (node) does not read "exports", so without this every NATS
// type they re-export (NatsConnection, JetStreamClient…) would silently be `any`.
declare module '@nats-io/nats-core/internal' {
  export * from '@nats-io/nats-core/lib/internal_mod';
}
