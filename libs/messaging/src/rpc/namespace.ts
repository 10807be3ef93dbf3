/**
 * The environment namespace (EVENTS_NAMESPACE) prefixes every NATS subject the platform
 * uses, requests and events alike, so environments and parallel test runs sharing one
 * NATS never answer each other's requests or read each other's events.
 */
export function qualifySubject(namespace: string, subject: string): string {
  return namespace ? `${namespace}.${subject}` : subject;
}

/** A JetStream stream or consumer name in the environment's namespace (names cannot hold dots). */
export function qualifyName(namespace: string, name: string): string {
  return namespace ? `${namespace}_${name}` : name;
}

/** The JetStream stream that holds the events a service publishes (`<service>.>`). */
export function eventStreamName(namespace: string, service: string): string {
  return qualifyName(namespace, `EVENTS_${service.toUpperCase()}`);
}
