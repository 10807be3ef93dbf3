import type { Logger } from '@nestjs/common';
import { Client } from 'pg';

/**
 * A connection of its own that LISTENs on a service's outbox channel (the trigger of
 * NotifyOutboxInserts notifies it when an insert commits) and calls `onCommit` for each
 * notification. Not one of the DataSource's pooled connections: LISTEN holds its connection for
 * good. A lost connection is dropped, not retried here: the relay calls `listen()` on its next
 * tick, and sweeps the table as it did before until it listens again.
 */
export class OutboxWakeup {
  private client?: Client;
  private connecting?: Promise<void>;
  private closed = false;
  /** Said once per outage: the relay retries on every tick. */
  private warned = false;

  constructor(
    private readonly connection: { url: string; applicationName?: string },
    private readonly channel: string,
    private readonly onCommit: () => void,
    private readonly logger: Logger,
  ) {}

  /** Whether a notification will reach the relay now. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Connects and LISTENs unless it already does; resolves either way (a failure is logged). */
  listen(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.connection.url,
      application_name: this.connection.applicationName,
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      if (!this.closed && !this.warned) {
        this.warned = true;
        this.logger.warn({ err }, 'Lost the outbox notifications; sweeping until they are back');
      }
      void client.end().catch(() => undefined);
    };
    client.on('notification', () => this.onCommit());
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (err) {
      if (!this.warned) this.logger.warn({ err }, 'Could not listen for outbox notifications; sweeping instead');
      this.warned = true;
      await client.end().catch(() => undefined);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.warned = false;
    this.onCommit(); // rows committed while nothing listened
  }
}
