/** Injection token of the fair-use counters' store (Redis when REDIS_URL is set, else FixedWindowStore). */
export const FAIR_USE_STORAGE = Symbol('FAIR_USE_STORAGE');

/** The limits count requests per minute. */
export const FAIR_USE_WINDOW_S = 60;
