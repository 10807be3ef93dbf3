import { ServerNats } from '@nestjs/microservices';
import type { NatsContext, WritePacket } from '@nestjs/microservices';
import type { Msg as NatsMsg, NatsConnection, Subscription, SubscriptionOptions } from '@nats-io/nats-core';
import { requestIdOfEnvelope, runWithRequestContext, traceRpcHandling } from '@app/observability';
import type { EndSpan } from '@app/observability';
import { qualifySubject } from './namespace';
import { recordRpcServerCall } from '../metrics/rpc-metrics';

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
  /** Tracing only: the end of each request's server span, called once its reply is published. */
  private readonly spanEnds = new WeakMap<NatsMsg, EndSpan>();
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
    const startedAt = performance.now();
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    this.inFlight.add(finished);
    void finished.then(() => this.inFlight.delete(finished));
    const endSpan = this.spanEnds.get(message);
    this.spanEnds.delete(message);
    return (packet) => {
      const published = publish(packet);
      if (packet.isDisposed || packet.err !== undefined) {
        recordRpcServerCall(this.patternOf(context.getSubject()), packet.err, startedAt);
        finish();
        endSpan?.(packet.err);
      }
      return published;
    };
  }

  /** Each message's handler runs in the request context of the id its envelope carries (and its trace, when on). */
  override handleMessage(channel: string, natsMsg: NatsMsg): Promise<unknown> {
    const envelope = envelopeOf(natsMsg);
    return runWithRequestContext({ requestId: requestIdOfEnvelope(envelope) }, () =>
      traceRpcHandling(channel, 'nats', envelope, (endSpan) => {
        if (!endSpan) return super.handleMessage(channel, natsMsg);
        this.spanEnds.set(natsMsg, endSpan);
        return super.handleMessage(channel, natsMsg).finally(() => {
          // No publisher was taken (an event, or a message unreadable before its handler): nothing to wait for.
          if (this.spanEnds.get(natsMsg) !== endSpan) return;
          this.spanEnds.delete(natsMsg);
          endSpan();
        });
      }),
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

  /** The plain pattern of a namespaced subject (metrics label it so in every environment). */
  private patternOf(subject: string): string {
    return this.namespace && subject.startsWith(`${this.namespace}.`)
      ? subject.slice(this.namespace.length + 1)
      : subject;
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
    return natsMsg.json<{ data?: unknown }>().data;
  } catch {
    return undefined;
  }
}
