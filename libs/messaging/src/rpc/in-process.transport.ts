import { ClientProxy, Server } from '@nestjs/microservices';
import type { CustomTransportStrategy, MessageHandler, ReadPacket, WritePacket } from '@nestjs/microservices';
import { EmptyError, TimeoutError, isObservable, lastValueFrom, of } from 'rxjs';
import { requestIdOfEnvelope, runWithRequestContext, traceRpcHandling } from '@app/observability';
import { jsonCopy } from './json-copy';
import { recordRpcServerCall } from '../metrics/rpc-metrics';

/** A JSON copy (jsonCopy), so standalone sees exactly what NATS would deliver (dates become strings). */
function overTheWire<T>(value: T): T {
  return value === undefined ? value : jsonCopy(value);
}

/** The handler table shared by the in-process server and its clients. One per process. */
export class InProcessBroker {
  private readonly handlers = new Map<string, MessageHandler>();

  register(pattern: string, handler: MessageHandler): void {
    this.handlers.set(pattern, handler);
  }

  unregister(pattern: string): void {
    this.handlers.delete(pattern);
  }

  handlerFor(pattern: string): MessageHandler | undefined {
    return this.handlers.get(pattern);
  }
}

/** Registers every `@MessagePattern` handler of the process with the broker. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  listen(callback: () => void): void {
    for (const [pattern, handler] of this.messageHandlers) this.broker.register(pattern, handler);
    callback();
  }

  close(): void {
    for (const pattern of this.messageHandlers.keys()) this.broker.unregister(pattern);
  }

  on(): void {
    // No connection, so no status events.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }
}

/** Sends to handlers in the same process, through the same JSON serialisation as NATS. */
export class InProcessClient extends ClientProxy {
  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  async connect(): Promise<void> {}

  close(): void {}

  unwrap<T>(): T {
    return this.broker as T;
  }

  /**
   * What `send(pattern, data).pipe(timeout(deadlineMs))` answers, as a promise and without an
   * Observable chain per request: the same dispatch (JSON copy both ways, the caller's request
   * context, server metrics), settled as ClientProxy's observer would settle it. Rejects with the
   * handler's copied error, a string when no handler is registered, EmptyError for an answer of
   * undefined, and TimeoutError at the deadline (the handler's late answer is then dropped).
   */
  request(pattern: string, data: unknown, deadlineMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        cancel();
        reject(new TimeoutError());
      }, deadlineMs);
      const cancel = this.dispatch(pattern, data, ({ err, response }) => {
        clearTimeout(timer);
        // The registry's envelope (or the no-handler string), as the Observable path delivered it: RpcClient rebuilds it.
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        if (err) reject(err);
        else if (response !== undefined) resolve(response);
        else reject(new EmptyError());
      });
    });
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    return this.dispatch(packet.pattern as string, packet.data, callback);
  }

  /** Runs the pattern's handler on a copy of `data` and answers once through `callback`; returns the cancel. */
  private dispatch(rawPattern: string, rawData: unknown, callback: (packet: WritePacket) => void): () => void {
    const pattern = this.normalizePattern(rawPattern);
    const handler = this.broker.handlerFor(pattern);
    if (!handler) {
      callback({ err: `There is no handler for ${String(rawPattern)}`, isDisposed: true });
      return () => undefined;
    }
    const startedAt = performance.now();
    let cancelled = false;
    const data: unknown = overTheWire<unknown>(rawData);
    // The handler runs in the caller's request context: its id (and trace) travel in the envelope, as over NATS.
    void runWithRequestContext({ requestId: requestIdOfEnvelope(data) }, () =>
      traceRpcHandling(pattern, 'in_process', data, async (endSpan) => {
        try {
          const result: unknown = await handler(data, undefined);
          // Nest's handler answers a plain value, or an Observable (an interceptor's, or its error).
          const response = isObservable(result) ? await lastValueFrom(result, { defaultValue: undefined }) : result;
          recordRpcServerCall(pattern, undefined, startedAt);
          endSpan?.();
          if (!cancelled) callback({ response: overTheWire(response), isDisposed: true });
        } catch (err) {
          recordRpcServerCall(pattern, err, startedAt);
          endSpan?.(err);
          if (!cancelled) callback({ err: overTheWire(err), isDisposed: true });
        }
      }),
    );
    return () => {
      cancelled = true;
    };
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const handler = this.broker.handlerFor(this.normalizePattern(packet.pattern as string));
    if (!handler) return undefined as T;
    const data: unknown = overTheWire<unknown>(packet.data);
    await runWithRequestContext({ requestId: requestIdOfEnvelope(data) }, async () => {
      const result: unknown = await handler(data, undefined);
      await lastValueFrom(isObservable(result) ? result : of(result), { defaultValue: undefined });
    });
    return undefined as T;
  }
}
