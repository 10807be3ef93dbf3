import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

export interface RequestContext {
  requestId: string;
}

/**
 * What a request carries through its async work: its id, and the logger the platform's
 * PinoLogger reads (`store.logger`, see logging.module.ts). One AsyncLocalStorage for both:
 * every instance adds work to every promise of the request, so the platform runs one, not
 * two (nestjs-pino's own is never entered: no pino-http middleware, no runInContext).
 * The logger is made on first use only: most requests log nothing but their request line.
 */
export class RequestStore {
  private made: Logger | undefined;

  constructor(
    readonly requestId: string,
    private readonly makeLogger?: () => Logger | undefined,
  ) {}

  /** The request's logger; undefined outside HTTP, where PinoLogger falls back to the root logger. */
  get logger(): Logger {
    this.made ??= this.makeLogger?.();
    return this.made as Logger;
  }
}

const storage = new AsyncLocalStorage<RequestStore>();

/** The store of the request in progress, if any. */
export function currentRequestStore(): RequestStore | undefined {
  return storage.getStore();
}

export function runWithRequestStore<T>(store: RequestStore, fn: () => T): T {
  return storage.run(store, fn);
}

/**
 * Runs `fn` as part of request `context.requestId` (a message handler, an in-process call): a
 * handler called in-process keeps its caller's request logger, as it did over two storages.
 */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  const caller = storage.getStore();
  return storage.run(new RequestStore(context.requestId, caller ? () => caller.logger : undefined), fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Accept a caller's id only if it is short and plain, so it is safe to log and echo. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** The request id a message envelope carries (`{meta: {requestId}, data}`), or a new one. */
export function requestIdOfEnvelope(envelope: unknown): string {
  const id = (envelope as { meta?: { requestId?: unknown } } | null)?.meta?.requestId;
  return requestIdFrom(typeof id === 'string' ? id : undefined);
}
