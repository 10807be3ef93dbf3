/**
 * Bounds of every paged list (`?limit=&offset=`). The offset is bounded so a client's huge
 * number is a 400/422, never a value PostgreSQL refuses (bigint overflow).
 */
export const MAX_PAGE_LIMIT = 100;
export const MAX_PAGE_OFFSET = 1_000_000;
