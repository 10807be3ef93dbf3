/**
 * The RateLimit-Policy and RateLimit response fields of draft-ietf-httpapi-ratelimit-headers-11
 * (the form since -08): Structured Field lists whose items are the quoted policy name with
 * parameters, `q` the quota and `w` the window in seconds; `r` the quota left and `t` the seconds
 * until it resets. https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/
 */
export interface QuotaPolicy {
  /** The policy's name in both fields, e.g. `api-key`. */
  name: string;
  /** Requests allowed in each window. */
  quota: number;
  windowSeconds: number;
}

/** `"api-key";q=600;w=60`: the same on every answer, so it is built once per policy. */
export function policyField(policy: QuotaPolicy): string {
  return `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`;
}

/** `"api-key";r=599;t=60`: what is left of the quota and when it resets (never negative). */
export function rateLimitField(policy: QuotaPolicy, used: number, resetSeconds: number): string {
  return `"${policy.name}";r=${Math.max(0, policy.quota - used)};t=${Math.max(0, resetSeconds)}`;
}
