/** Injection tokens of the sign-up and login limits (kept apart from any app-wide ThrottlerModule). */
export const AUTH_RATE_LIMIT_OPTIONS = Symbol('AUTH_RATE_LIMIT_OPTIONS');
export const AUTH_RATE_LIMIT_STORAGE = Symbol('AUTH_RATE_LIMIT_STORAGE');
