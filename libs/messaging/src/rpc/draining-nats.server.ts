import { ServerNats } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';

/**
 * NATS server whose close drains: subscriptions stop taking new requests, requests
 * already received are answered, then the connection closes. This is what SIGTERM needs
 * so a rolling deploy loses no message; the stock close() drops in-flight replies.
 */
export class DrainingNatsServer extends ServerNats {
  override async close(): Promise<void> {
    const connection = this.connectionIfOpen();
    if (connection) await connection.drain();
    await super.close();
  }

  private connectionIfOpen(): NatsConnection | undefined {
    try {
      const connection = this.unwrap<NatsConnection>();
      return connection.isClosed() ? undefined : connection;
    } catch {
      return undefined; // never connected
    }
  }
}
