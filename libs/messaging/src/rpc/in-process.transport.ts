import { ClientProxy, Server } from '@nestjs/microservices';
import type { CustomTransportStrategy, MessageHandler, ReadPacket, WritePacket } from '@nestjs/microservices';
import { isObservable, lastValueFrom, from, of } from 'rxjs';
import type { Observable } from 'rxjs';
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

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const pattern = this.normalizePattern(packet.pattern as string);
    const handler = this.broker.handlerFor(pattern);
    if (!handler) {
      callback({ err: `There is no handler for ${String(packet.pattern)}`, isDisposed: true });
      return () => undefined;
    }
    const startedAt = performance.now();
    let cancelled = false;
    const data: unknown = overTheWire<unknown>(packet.data);
    // The handler runs in the caller's request context: its id (and trace) travel in the envelope, as over NATS.
    void runWithRequestContext({ requestId: requestIdOfEnvelope(data) }, () =>
      traceRpcHandling(pattern, 'in_process', data, async (endSpan) => {
        try {
          const result: unknown = await handler(data, undefined);
          const result$: Observable<unknown> = isObservable(result) ? result : from(Promise.resolve(result));
          const response = await lastValueFrom(result$, { defaultValue: undefined });
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
