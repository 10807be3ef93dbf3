/** What crosses the transport for every request: the payload and who asked (for logs). */
export interface MessageEnvelope<T> {
  meta: { requestId?: string };
  data: T;
}
