import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SavedSearchEvent, SavedSearchFrequency, SearchPropertiesQuery } from '@app/contracts';
import { CATALOGUE_DATABASE } from '../database/catalogue.database';
import { PRICE_CHANGE_WINDOW_DAYS } from '../listings/price-history';
import type { SavedSearchColumns } from './saved-search-filters';

export interface SavedSearchRow {
  id: string;
  account_id: string;
  name: string;
  frequency: SavedSearchFrequency;
  query: Partial<SearchPropertiesQuery>;
  unsubscribed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A search a listing matched, with what its alert needs. */
export interface MatchedSearch {
  id: string;
  account_id: string;
  name: string;
  frequency: SavedSearchFrequency;
}

export interface SavedSearchWrite {
  name?: string;
  frequency?: SavedSearchFrequency;
  query?: Partial<SearchPropertiesQuery>;
  columns?: SavedSearchColumns;
  /** Turn alerts back on (a new frequency was chosen after an unsubscribe). */
  resubscribe?: boolean;
}

const ROW = 'id, account_id, name, frequency, query, unsubscribed_at, created_at, updated_at';
const COLUMN_NAMES = [
  'city_id',
  'district_ids',
  'property_type',
  'min_price_sar',
  'max_price_sar',
  'min_bedrooms',
  'max_bedrooms',
  'min_area_sqm',
  'max_area_sqm',
  'text_patterns',
  'reduced',
] as const satisfies readonly (keyof SavedSearchColumns)[];

/**
 * Which saved searches a published listing matches, in one statement. The listing's place picks
 * the candidates through the partial indexes (its district in a search's districts: GIN; its
 * city in a search without districts; or a search without a place), so the statement reads the
 * searches about that place, never all of them; every other bound is checked on those rows, `q`
 * by the same normalised words as the search, `reduced` by the price in force 30 days before (one
 * probe). Each match is recorded in saved_search_matches, whose key drops a (search, listing,
 * event, occurrence) seen before: only the new ones come back. (Exported: the bench runs it.)
 */
export const MATCH_SQL = `
  WITH listing AS (
    SELECT l.id, l.city_id, l.district_id, l.property_type, l.price_sar, l.bedrooms, l.area_sqm, l.search_text,
           (SELECT h.price_sar FROM catalogue.listing_price_changes h
             WHERE h.listing_id = l.id AND h.changed_at <= now() - make_interval(days => ${PRICE_CHANGE_WINDOW_DAYS})
             ORDER BY h.changed_at DESC, h.id DESC LIMIT 1) AS reference_price_sar
      FROM catalogue.listings l WHERE l.id = $1 AND l.status = 'published'),
  candidates AS (
    SELECT s.id, s.account_id, s.name, s.frequency FROM listing l JOIN catalogue.saved_searches s
        ON s.unsubscribed_at IS NULL
       AND (s.district_ids @> ARRAY[l.district_id]
            OR (s.district_ids IS NULL AND s.city_id = l.city_id)
            OR (s.district_ids IS NULL AND s.city_id IS NULL))
     WHERE (s.city_id IS NULL OR s.city_id = l.city_id)
       AND (s.property_type IS NULL OR s.property_type = l.property_type)
       AND (s.min_price_sar IS NULL OR l.price_sar >= s.min_price_sar)
       AND (s.max_price_sar IS NULL OR l.price_sar <= s.max_price_sar)
       AND (s.min_bedrooms IS NULL OR l.bedrooms >= s.min_bedrooms)
       AND (s.max_bedrooms IS NULL OR l.bedrooms <= s.max_bedrooms)
       AND (s.min_area_sqm IS NULL OR l.area_sqm >= s.min_area_sqm)
       AND (s.max_area_sqm IS NULL OR l.area_sqm <= s.max_area_sqm)
       AND (s.text_patterns IS NULL OR NOT EXISTS (
             SELECT 1 FROM unnest(s.text_patterns) pattern WHERE NOT l.search_text LIKE pattern))
       AND (NOT s.reduced OR l.reference_price_sar > l.price_sar)),
  recorded AS (
    INSERT INTO catalogue.saved_search_matches (saved_search_id, listing_id, event, occurrence)
    SELECT c.id, $1, $2, $3 FROM candidates c
    ON CONFLICT ON CONSTRAINT saved_search_matches_pk DO NOTHING
    RETURNING saved_search_id)
  SELECT c.id, c.account_id, c.name, c.frequency FROM candidates c JOIN recorded r ON r.saved_search_id = c.id`;

/** catalogue.saved_searches and the matches recorded for them. */
@Injectable()
export class SavedSearchesRepository {
  constructor(@InjectDataSource(CATALOGUE_DATABASE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Serialises one account's creates (until the transaction ends), then counts its searches. */
  async lockAndCount(tx: EntityManager, accountId: string): Promise<number> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('catalogue.saved_searches:' || $1, 0))`, [accountId]);
    const rows = await tx.query<{ count: string }[]>(
      `SELECT count(*) AS count FROM catalogue.saved_searches WHERE account_id = $1`,
      [accountId],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async insert(
    tx: EntityManager,
    accountId: string,
    search: Required<Pick<SavedSearchWrite, 'name' | 'frequency' | 'query' | 'columns'>>,
  ): Promise<SavedSearchRow> {
    const values = COLUMN_NAMES.map((column) => search.columns[column]);
    const rows = await tx.query<SavedSearchRow[]>(
      `INSERT INTO catalogue.saved_searches (account_id, name, frequency, query, ${COLUMN_NAMES.join(', ')})
       VALUES ($1, $2, $3, $4, ${COLUMN_NAMES.map((_c, i) => `$${i + 5}`).join(', ')})
       RETURNING ${ROW}`,
      [accountId, search.name, search.frequency, search.query, ...values],
    );
    return rows[0];
  }

  /** Newest first; one extra row tells whether there is more. */
  page(accountId: string, limit: number, offset: number): Promise<SavedSearchRow[]> {
    return this.dataSource.query<SavedSearchRow[]>(
      `SELECT ${ROW} FROM catalogue.saved_searches WHERE account_id = $1
        ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [accountId, limit + 1, offset],
    );
  }

  async find(accountId: string, id: string): Promise<SavedSearchRow | null> {
    const rows = await this.dataSource.query<SavedSearchRow[]>(
      `SELECT ${ROW} FROM catalogue.saved_searches WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    return rows[0] ?? null;
  }

  /** The account's search changed as `write` says, or null when it has none with this id. */
  async update(accountId: string, id: string, write: SavedSearchWrite): Promise<SavedSearchRow | null> {
    const params: unknown[] = [id, accountId];
    const set = ['updated_at = now()'];
    const assign = (column: string, value: unknown) => {
      params.push(value);
      set.push(`${column} = $${params.length}`);
    };
    if (write.name !== undefined) assign('name', write.name);
    if (write.frequency !== undefined) assign('frequency', write.frequency);
    if (write.query !== undefined) assign('query', write.query);
    if (write.columns) for (const column of COLUMN_NAMES) assign(column, write.columns[column]);
    if (write.resubscribe) set.push('unsubscribed_at = NULL');
    const rows = await this.dataSource.query<SavedSearchRow[]>(
      `WITH changed AS (
         UPDATE catalogue.saved_searches SET ${set.join(', ')} WHERE id = $1 AND account_id = $2 RETURNING ${ROW})
       SELECT * FROM changed`,
      params,
    );
    return rows[0] ?? null;
  }

  async delete(tx: EntityManager, accountId: string, id: string): Promise<boolean> {
    const rows = await tx.query<{ id: string }[]>(
      `WITH removed AS (DELETE FROM catalogue.saved_searches WHERE id = $1 AND account_id = $2 RETURNING id)
       SELECT id FROM removed`,
      [id, accountId],
    );
    return rows.length > 0;
  }

  /** Stops the search's alerts (the first unsubscribe's time is kept); null when it is gone. */
  async unsubscribe(tx: EntityManager, id: string): Promise<SavedSearchRow | null> {
    const rows = await tx.query<SavedSearchRow[]>(
      `WITH changed AS (
         UPDATE catalogue.saved_searches SET unsubscribed_at = COALESCE(unsubscribed_at, now())
          WHERE id = $1 RETURNING ${ROW})
       SELECT * FROM changed`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * Records the searches the published listing matches for this event (`occurrence`: 0 for its
   * publication, the price change's id for a drop) and returns those not recorded before; in the
   * caller's transaction, the one that published or repriced it.
   */
  match(tx: EntityManager, listingId: string, event: SavedSearchEvent, occurrence: number): Promise<MatchedSearch[]> {
    return tx.query<MatchedSearch[]>(MATCH_SQL, [listingId, event, occurrence]);
  }
}
