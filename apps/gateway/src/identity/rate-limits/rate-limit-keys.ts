import { createHash } from 'node:crypto';
import { normalizeEmail } from '../accounts/email';

/** The account an attempt names: the e-mail in the body, normalised as accounts store it; none when absent. */
export function accountTracker(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  if (typeof email !== 'string') return undefined;
  const normalized = normalizeEmail(email);
  return normalized === '' ? undefined : normalized;
}

/**
 * The counter's key: the environment's namespace first (so environments and test runs
 * sharing one Redis never share counts), then the route and the limit's name, then a
 * hash of the tracker, so e-mail addresses and IPs are not stored in the clear.
 */
export function rateLimitKey(namespace: string, route: string, throttler: string, tracker: string): string {
  const hashed = createHash('sha256').update(tracker, 'utf8').digest('hex').slice(0, 32);
  return `${namespace || 'default'}:auth-rate:${route}:${throttler}:${hashed}`;
}

/** Seconds a client should wait, as the `retry_after` field and the `Retry-After` header carry it (at least 1). */
export function retryAfterSeconds(secondsLeft: number): number {
  return Number.isFinite(secondsLeft) ? Math.max(1, Math.ceil(secondsLeft)) : 1;
}
