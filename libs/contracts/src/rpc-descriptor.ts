/**
 * One request/response message pattern with the types it carries (house style 14): declared
 * once beside its request and response classes, called by `rpc.call(descriptor, request)` and
 * handled by `@RpcHandler(descriptor)`, so a wrong request or response type fails the type-check
 * on both sides instead of at run time.
 */
export interface RpcDescriptor<TRequest, TResponse> {
  readonly pattern: string;
  /**
   * Type-only, never set: the request as a parameter (so a descriptor of a narrower request is
   * not accepted where a wider one is expected) and the response as a result.
   */
  readonly types?: { request: (request: TRequest) => void; response: () => TResponse };
}

/** A descriptor for `pattern`, answering `TResponse` to `TRequest`. */
export function rpc<TRequest, TResponse>(pattern: string): RpcDescriptor<TRequest, TResponse> {
  return { pattern };
}

/** The request type of a descriptor. */
export type RpcRequestOf<D> = D extends RpcDescriptor<infer TRequest, unknown> ? TRequest : never;

/** The response type of a descriptor. */
export type RpcResponseOf<D> = D extends RpcDescriptor<never, infer TResponse> ? TResponse : never;
