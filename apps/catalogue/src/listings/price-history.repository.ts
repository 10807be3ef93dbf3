import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CATALOGUE_DATABASE } from '../database/catalogue.database';
import { isPriceChange } from './price-history';

/** A change the history recorded: its row id and the price before it (null: the first price). */
export interface RecordedPriceChange {
  id: number;
  previous_price_sar: number | null;
}

export interface PriceChangeRow {
  price_sar: number;
  changed_at: Date;
}

/** catalogue.listing_price_changes: a published listing's prices in SAR, one row per change. */
@Injectable()
export class PriceHistoryRepository {
  constructor(@InjectDataSource(CATALOGUE_DATABASE) private readonly dataSource: DataSource) {}

  /**
   * Records the listing's price in the caller's transaction (the one that changed or published
   * it), unless it is the price recorded last: a republication at the same price adds nothing.
   * Returns the change recorded, or null when there was none.
   */
  async record(
    tx: EntityManager,
    listingId: string,
    priceSar: string | number | null,
  ): Promise<RecordedPriceChange | null> {
    if (priceSar === null) return null;
    const rows = await tx.query<{ price_sar: string }[]>(
      `SELECT price_sar FROM catalogue.listing_price_changes WHERE listing_id = $1 ORDER BY changed_at DESC, id DESC LIMIT 1`,
      [listingId],
    );
    const last = rows[0] ? Number(rows[0].price_sar) : null;
    if (!isPriceChange(last, Number(priceSar))) return null;
    const inserted = await tx.query<{ id: string }[]>(
      `INSERT INTO catalogue.listing_price_changes (listing_id, price_sar) VALUES ($1, $2) RETURNING id`,
      [listingId, priceSar],
    );
    return { id: Number(inserted[0].id), previous_price_sar: last };
  }

  /** The latest `limit` changes, oldest first. */
  async latest(listingId: string, limit: number): Promise<PriceChangeRow[]> {
    const rows = await this.dataSource.query<{ price_sar: string; changed_at: Date }[]>(
      `SELECT price_sar, changed_at FROM (
         SELECT id, price_sar, changed_at FROM catalogue.listing_price_changes
          WHERE listing_id = $1 ORDER BY changed_at DESC, id DESC LIMIT $2) latest
        ORDER BY changed_at, id`,
      [listingId, limit],
    );
    return rows.map((row) => ({ price_sar: Number(row.price_sar), changed_at: row.changed_at }));
  }

  /** The price in force `days` ago by the database's clock (the last change by then), or null when there was none yet. */
  async priceDaysAgo(listingId: string, days: number): Promise<number | null> {
    const rows = await this.dataSource.query<{ price_sar: string }[]>(
      `SELECT price_sar FROM catalogue.listing_price_changes
        WHERE listing_id = $1 AND changed_at <= now() - make_interval(days => $2)
        ORDER BY changed_at DESC, id DESC LIMIT 1`,
      [listingId, days],
    );
    return rows[0] ? Number(rows[0].price_sar) : null;
  }
}
