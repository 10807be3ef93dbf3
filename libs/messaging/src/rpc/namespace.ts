/**
 * The environment namespace (EVENTS_NAMESPACE) prefixes every NATS subject the platform
 * uses, requests and events alike, so environments and parallel test runs sharing one
 * NATS never answer each other's requests or read each other's events.
 */
export function qualifySubject(namespace: string, subject: string): string {
  return namespace ? `${namespace}.${subject}` : subject;
}
