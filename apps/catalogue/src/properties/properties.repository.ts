import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PROPERTY_ITEM_FIELDS } from '@app/contracts';
import type { PropertySort, SearchPropertiesRequest } from '@app/contracts';
import { CATALOGUE_DATABASE } from '../database/catalogue.database';
import type { ListingRow } from '../listings/listings.repository';
import { PRICE_CHANGE_WINDOW_DAYS } from '../listings/price-history';
import type { PropertyItemRow } from './property.dto';
import { SEARCHABLE_TEXT_SQL, likePattern, searchWords } from './search-text';

const ORDER: Record<PropertySort, string> = {
  newest: 'l.listed_at DESC, l.id',
  price_asc: 'l.price_sar ASC, l.id',
  price_desc: 'l.price_sar DESC, l.id',
  // The drop as a share of the reference price; no drop (or no reference) sorts after every drop.
  price_drop: `CASE WHEN ref.price_sar > l.price_sar THEN (ref.price_sar - l.price_sar) / ref.price_sar END DESC NULLS LAST,
    l.listed_at DESC, l.id`,
};

const WINDOW_START = `now() - make_interval(days => ${PRICE_CHANGE_WINDOW_DAYS})`;

/**
 * The price in force at the window's start, per listing: one probe of the (listing_id,
 * changed_at, id) index, newest first, stopping at the first row (see EXPLAIN in docs/catalogue.md).
 */
const REFERENCE_PRICE = `LEFT JOIN LATERAL (
    SELECT h.price_sar FROM catalogue.listing_price_changes h
     WHERE h.listing_id = l.id AND h.changed_at <= ${WINDOW_START}
     ORDER BY h.changed_at DESC, h.id DESC LIMIT 1) ref ON true`;

/**
 * A price below the one 30 days ago means a change since: the changed_at index finds those
 * listings first, so the reference is looked up for them only. Ordered by drop, every one is
 * needed: their ids, as an array, are read through the primary key (a semi join would scan the
 * table). In another order the semi join lets the planner walk the sort index and stop at the
 * page. (EXPLAIN of both in docs/catalogue.md.)
 */
const RECENT_CHANGES = `SELECT r.listing_id FROM catalogue.listing_price_changes r WHERE r.changed_at > ${WINDOW_START}`;
const REPRICED_LATELY = `l.id IN (${RECENT_CHANGES})`;
const REPRICED_LATELY_IDS = `l.id = ANY(ARRAY(SELECT DISTINCT recent.listing_id FROM (${RECENT_CHANGES}) recent))`;

/** The public catalogue's reads: published listings only, whatever the filters. */
@Injectable()
export class PropertiesRepository {
  constructor(@InjectDataSource(CATALOGUE_DATABASE) private readonly dataSource: DataSource) {}

  async search(request: SearchPropertiesRequest): Promise<PropertyItemRow[]> {
    if (request.sort !== 'price_drop' || request.reduced) return this.rows(searchQuery(request));
    // Ordering every listing by its drop would probe the history once per listing (a second on
    // 100,000): the drops come from the listings repriced lately, the rest walks the newest index.
    const dropped = { ...request, reduced: true };
    const drops = await this.rows(searchQuery(dropped));
    if (drops.length === request.limit) return drops;
    const dropCount =
      drops.length > 0 || request.offset === 0 ? request.offset + drops.length : await this.count(dropped);
    const rest = await this.rows(
      searchQuery(
        {
          ...request,
          sort: 'newest',
          limit: request.limit - drops.length,
          offset: Math.max(0, request.offset - dropCount),
        },
        { undropped: true },
      ),
    );
    return [...drops, ...rest];
  }

  private rows({ sql, params }: { sql: string; params: unknown[] }): Promise<PropertyItemRow[]> {
    return this.dataSource.query<PropertyItemRow[]>(sql, params);
  }

  private async count(request: SearchPropertiesRequest): Promise<number> {
    const { where, params, reference } = filtersOf(request);
    const rows = await this.dataSource.query<{ count: string }[]>(
      `SELECT count(*) AS count FROM catalogue.listings l ${reference} WHERE ${where.join(' AND ')}`,
      params,
    );
    return Number(rows[0]?.count ?? 0);
  }

  async published(id: string): Promise<ListingRow | null> {
    const rows = await this.dataSource.query<ListingRow[]>(
      `SELECT * FROM catalogue.listings WHERE id = $1 AND status = 'published'`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Saves once: saving again keeps the first time. */
  async save(accountId: string, listingId: string): Promise<Date> {
    const rows = await this.dataSource.query<{ saved_at: Date }[]>(
      `WITH added AS (
         INSERT INTO catalogue.saved_properties (account_id, listing_id) VALUES ($1, $2)
         ON CONFLICT (account_id, listing_id) DO NOTHING RETURNING saved_at)
       SELECT saved_at FROM added
       UNION ALL
       SELECT saved_at FROM catalogue.saved_properties WHERE account_id = $1 AND listing_id = $2`,
      [accountId, listingId],
    );
    return rows[0].saved_at;
  }

  async unsave(accountId: string, listingId: string): Promise<boolean> {
    const rows = await this.dataSource.query<{ listing_id: string }[]>(
      // Wrapped in a SELECT: TypeORM answers a bare DELETE with [rows, count], not the rows.
      `WITH removed AS (
         DELETE FROM catalogue.saved_properties WHERE account_id = $1 AND listing_id = $2 RETURNING listing_id)
       SELECT listing_id FROM removed`,
      [accountId, listingId],
    );
    return rows.length > 0;
  }

  /** The account's saved listings that are published now, newest saved first; one extra row tells whether there is more. */
  saved(accountId: string, limit: number, offset: number): Promise<(ListingRow & { saved_at: Date })[]> {
    return this.dataSource.query(
      `SELECT l.*, s.saved_at FROM catalogue.saved_properties s
         JOIN catalogue.listings l ON l.id = s.listing_id AND l.status = 'published'
        WHERE s.account_id = $1
        ORDER BY s.saved_at DESC, s.listing_id LIMIT $2 OFFSET $3`,
      [accountId, limit + 1, offset],
    );
  }
}

/**
 * What a search item shows, and nothing more: the descriptions and the stored search text are
 * most of a row's bytes, and the driver parses every column it is sent. (`image_urls` come
 * from the image keys below; `updated_at` stands in for a missing `listed_at`.)
 */
const ITEM_COLUMNS = [...PROPERTY_ITEM_FIELDS.filter((field) => field !== 'image_urls'), 'updated_at']
  .map((column) => `l.${column}`)
  .join(', ');

/**
 * Each item's image keys in display order, in the same statement: a subquery in the select
 * list is run for the page's rows only, after the sort and the limit (see EXPLAIN in
 * docs/catalogue.md), through the (listing_id, position) unique index.
 */
const IMAGE_KEYS = `ARRAY(SELECT i.display_key FROM catalogue.listing_images i
                     WHERE i.listing_id = l.id ORDER BY i.position) AS image_keys`;

/**
 * GET /v1/properties' statement (exported: `npm run bench` runs it bare beside the route).
 * `undropped`: only listings without a drop over the window (the tail of `sort=price_drop`).
 */
export function searchQuery(
  request: SearchPropertiesRequest,
  options: { undropped?: boolean } = {},
): { sql: string; params: unknown[] } {
  const { where, params, bind, reference } = filtersOf(request, options.undropped);
  const limit = bind(request.limit);
  const offset = bind(request.offset);
  return {
    sql: `SELECT ${ITEM_COLUMNS}, ${IMAGE_KEYS} FROM catalogue.listings l ${reference} WHERE ${where.join(' AND ')}
       ORDER BY ${ORDER[request.sort]} LIMIT ${limit} OFFSET ${offset}`,
    params,
  };
}

/** The WHERE clauses of the search's filters, their parameters, and the reference price's join when one needs it. */
function filtersOf(request: SearchPropertiesRequest, undropped = false) {
  const where = [`l.status = 'published'`];
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (request.city_ids) where.push(`l.city_id = ANY(${bind(request.city_ids)}::bigint[])`);
  if (request.district_ids) where.push(`l.district_id = ANY(${bind(request.district_ids)}::bigint[])`);
  if (request.type) where.push(`l.property_type = ${bind(request.type)}`);
  if (request.min_price_sar !== undefined) where.push(`l.price_sar >= ${bind(request.min_price_sar)}`);
  if (request.max_price_sar !== undefined) where.push(`l.price_sar <= ${bind(request.max_price_sar)}`);
  if (request.min_bedrooms !== undefined) where.push(`l.bedrooms >= ${bind(request.min_bedrooms)}`);
  if (request.max_bedrooms !== undefined) where.push(`l.bedrooms <= ${bind(request.max_bedrooms)}`);
  if (request.min_area_sqm !== undefined) where.push(`l.area_sqm >= ${bind(request.min_area_sqm)}`);
  if (request.max_area_sqm !== undefined) where.push(`l.area_sqm <= ${bind(request.max_area_sqm)}`);
  for (const word of request.q ? searchWords(request.q) : [])
    where.push(`${SEARCHABLE_TEXT_SQL} LIKE ${bind(likePattern(word))}`);
  if (request.reduced)
    where.push(request.sort === 'price_drop' ? REPRICED_LATELY_IDS : REPRICED_LATELY, 'ref.price_sar > l.price_sar');
  if (undropped) where.push('(ref.price_sar IS NULL OR ref.price_sar <= l.price_sar)');
  const reference = request.reduced || undropped || request.sort === 'price_drop' ? REFERENCE_PRICE : '';
  return { where, params, bind, reference };
}
