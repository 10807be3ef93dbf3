import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from '@app/validation';
import type { RequestClass } from './request-mixins';

/**
 * Bounds of every paged list (`?limit=&offset=`). The offset is bounded so a client's huge
 * number is a 400/422, never a value PostgreSQL refuses (bigint overflow).
 */
export const MAX_PAGE_LIMIT = 100;
export const MAX_PAGE_OFFSET = 1_000_000;
export const DEFAULT_PAGE_LIMIT = 20;

/**
 * `Base` with the `limit` (1 to MAX_PAGE_LIMIT, default 20) and `offset` (0 to MAX_PAGE_OFFSET,
 * default 0) of a paged list: for a request that already extends a reference class
 * (`Paged(WebhookRefRequest)`); any other paged request extends `PageRequest`. `@Type` lets a numeric
 * string through as a number; defaults fill what a caller leaves out.
 */
export function Paged<TBase extends RequestClass>(Base: TBase) {
  class PagedRequest extends Base {
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(MAX_PAGE_LIMIT)
    limit: number = DEFAULT_PAGE_LIMIT;

    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(MAX_PAGE_OFFSET)
    offset: number = 0;
  }
  return PagedRequest;
}

/** The paging fields of a list request: `class ListDecisionsRequest extends PageRequest`. */
export class PageRequest extends Paged(class {}) {}

/** A page of a list, as every service answers it: `has_more` says whether a next page exists. */
export interface Page<TItem> {
  object: 'list';
  data: TItem[];
  limit: number;
  offset: number;
  has_more: boolean;
}

/**
 * `?limit=&offset=` of a paged list as an HTTP query (documented from this class): both
 * optional, defaults filled in when the query is read.
 */
export class PageQuery {
  /** Results per page. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_LIMIT)
  limit?: number = DEFAULT_PAGE_LIMIT;

  /** How many results to skip. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_PAGE_OFFSET)
  offset?: number = 0;
}

/** The fields of every page but its items: a page class adds `data` (`class InquiriesPageResponse extends ListPage`). */
export class ListPage {
  /** Always `list`. */
  @IsIn(['list'])
  object: 'list';

  /** The page size asked for. */
  @IsInt()
  limit: number;

  /** How many results were skipped. */
  @IsInt()
  offset: number;

  /** Whether a next page exists. */
  @IsBoolean()
  has_more: boolean;
}

/**
 * A page from the rows a query fetched with one more than `limit` (that extra row only says a next
 * page exists), each kept row mapped to its answer.
 */
export function pageFrom<TRow, TItem>(
  rows: readonly TRow[],
  paging: { limit: number; offset: number },
  toItem: (row: TRow) => TItem,
): Page<TItem> {
  return {
    object: 'list',
    data: rows.slice(0, paging.limit).map((row) => toItem(row)),
    limit: paging.limit,
    offset: paging.offset,
    has_more: rows.length > paging.limit,
  };
}

/** The paging a service takes, from an HTTP query whose defaults may not be filled in. */
export function pageOf(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.limit ?? DEFAULT_PAGE_LIMIT, offset: query.offset ?? 0 };
}
