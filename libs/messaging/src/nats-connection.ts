import type { ConnectionOptions } from '@nats-io/nats-core';
import type { RuntimeOptions } from './runtime';

export type NatsConnectionSettings = Pick<RuntimeOptions, 'natsUrl' | 'natsAuth' | 'natsTlsCaFile'>;

/**
 * How every NATS connection of a process connects (RPC client and server, events, live channel):
 * its servers, its app's credentials and TLS. TLS is required when a CA file is given or a server
 * is a `tls://` URL; otherwise the client still upgrades when the server offers it.
 */
export function natsConnectionOptions(settings: NatsConnectionSettings, name: string): ConnectionOptions {
  const servers = settings.natsUrl.split(',');
  const tlsRequired = settings.natsTlsCaFile !== undefined || servers.some((server) => server.startsWith('tls://'));
  return {
    servers,
    name,
    maxReconnectAttempts: -1,
    ...(settings.natsAuth ? { user: settings.natsAuth.user, pass: settings.natsAuth.password } : {}),
    ...(tlsRequired ? { tls: settings.natsTlsCaFile ? { caFile: settings.natsTlsCaFile } : {} } : {}),
  };
}
