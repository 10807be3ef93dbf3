/** An event as it travels from an outbox to its consumers. */
export interface DomainEvent<T = unknown> {
  /** Unique per event; consumers are idempotent on it. */
  id: string;
  /** `<service>.<entity>.<event>.v1`, without the environment namespace. */
  subject: string;
  occurred_at: string;
  request_id?: string;
  /** W3C trace context of the publishing span, when tracing: the consumer's span continues the trace. */
  traceparent?: string;
  payload: T;
}

/** The service that owns a subject: its first token. */
export function serviceOfSubject(subject: string): string {
  return subject.split('.')[0] ?? subject;
}

/** NATS subject matching: `*` one token, `>` the rest. */
export function subjectMatches(filter: string, subject: string): boolean {
  const filterTokens = filter.split('.');
  const subjectTokens = subject.split('.');
  for (let i = 0; i < filterTokens.length; i++) {
    const token = filterTokens[i];
    if (token === '>') return subjectTokens.length > i;
    if (i >= subjectTokens.length) return false;
    if (token !== '*' && token !== subjectTokens[i]) return false;
  }
  return filterTokens.length === subjectTokens.length;
}

/** Exponential backoff for redeliveries: base, 2×base, 4×base… capped at five minutes. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(baseMs * 2 ** exponent, 300_000);
}
