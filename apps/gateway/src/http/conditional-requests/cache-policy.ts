/** What an answer of a conditional route may be kept as, and which request headers it depends on. */
export interface CachePolicy {
  cacheControl: string;
  /** Request headers the answer depends on (`Vary`). */
  vary?: string;
}

/** Published, public items: any cache may keep them a minute, then revalidate with the ETag. */
export const PUBLISHED_ITEM: CachePolicy = { cacheControl: 'public, max-age=60' };

/** Reference data behind an API key: the caller's own cache only, and per credential. */
export const KEYED_REFERENCE_DATA: CachePolicy = { cacheControl: 'private, max-age=60', vary: 'Authorization' };

/** Errors (an unpublished listing's 404 included) and every answer without a policy of its own. */
export const NO_STORE = 'no-store';

/** Route metadata: the policy of a `@ConditionalGet` route. */
export const CACHE_POLICY = Symbol('CACHE_POLICY');
