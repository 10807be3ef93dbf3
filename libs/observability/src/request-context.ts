import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
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
