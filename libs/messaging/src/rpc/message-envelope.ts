/** What crosses the transport for every request: the payload, who asked (for logs) and, when tracing, the W3C trace context. */
export interface MessageEnvelope<T> {
  meta: { requestId?: string; traceparent?: string; tracestate?: string };
  data: T;
}
