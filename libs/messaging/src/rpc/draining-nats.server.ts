import { ServerNats } from '@nestjs/microservices';
import type { NatsContext, WritePacket } from '@nestjs/microservices';
import type { Msg as NatsMsg, NatsConnection, Subscription, SubscriptionOptions } from 'nats';
import { requestIdOfEnvelope, runWithRequestContext } from '@app/observability';
import { qualifySubject } from './namespace';

/**
 * NATS server whose close drains: it stops taking requests, waits for the handlers
 * already running to publish their replies, then drains and closes the connection. The
 * stock close() (and NATS's own drain, which does not wait for async handlers) would
 * drop those replies during a rolling deploy.
 */
export class DrainingNatsServer extends ServerNats {
  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly namespace = '',
  ) {
    super(options);
  }

  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly requestSubscriptions: Subscription[] = [];
  private closing = false;

  /**
   * Nest subscribes one handler per pattern here: listen on the environment's namespaced
   * subject (the handler stays keyed by the plain pattern), and keep the subscriptions so
   * close() can stop intake first.
   */
  override bindEvents(client: NatsConnection): void {
    const subscribe = client.subscribe.bind(client);
    const recording = Object.create(client) as NatsConnection;
    recording.subscribe = (subject: string, options?: SubscriptionOptions) => {
      const subscription = subscribe(qualifySubject(this.namespace, subject), options);
      this.requestSubscriptions.push(subscription);
      return subscription;
    };
    super.bindEvents(recording);
  }

  /**
   * A request is in flight from its arrival until its last packet is published: Nest runs
   * the handler when it subscribes to the handler's Observable, after handleMessage returns.
   */
  override getPublisher(message: NatsMsg, id: string, context: NatsContext): (packet: WritePacket) => unknown {
    const publish = super.getPublisher(message, id, context) as (packet: WritePacket) => unknown;
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    this.inFlight.add(finished);
    void finished.then(() => this.inFlight.delete(finished));
    return (packet) => {
      const published = publish(packet);
      if (packet.isDisposed || packet.err !== undefined) finish();
      return published;
    };
  }

  /** Each message's handler runs in the request context of the id its envelope carries. */
  override handleMessage(channel: string, natsMsg: NatsMsg): Promise<unknown> {
    return runWithRequestContext({ requestId: requestIdOfEnvelope(envelopeOf(natsMsg)) }, () =>
      super.handleMessage(channel, natsMsg),
    );
  }

  override async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const connection = this.connectionIfOpen();
    if (connection) {
      // Ask the server to stop routing requests here (other replicas in the queue group take them).
      // Drain, not unsubscribe: requests the server routed here before it saw the UNSUB are still
      // on the wire, and unsubscribe would drop them (their callers would time out).
      await Promise.allSettled(this.requestSubscriptions.map((subscription) => subscription.drain()));
      await Promise.allSettled([...this.inFlight]);
      await connection.drain();
    }
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

/** The envelope inside Nest's NATS packet (`{pattern, data: envelope, id}`); undefined when unreadable. */
function envelopeOf(natsMsg: NatsMsg): unknown {
  try {
    return (JSON.parse(new TextDecoder().decode(natsMsg.data)) as { data?: unknown }).data;
  } catch {
    return undefined;
  }
}
