import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CATALOGUE_DATABASE } from '../database/catalogue.database';
import { isPriceChange } from './price-history';

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
   */
  async record(tx: EntityManager, listingId: string, priceSar: string | number | null): Promise<void> {
    if (priceSar === null) return;
    const rows = await tx.query<{ price_sar: string }[]>(
      `SELECT price_sar FROM catalogue.listing_price_changes WHERE listing_id = $1 ORDER BY changed_at DESC, id DESC LIMIT 1`,
      [listingId],
    );
    const last = rows[0] ? Number(rows[0].price_sar) : null;
    if (!isPriceChange(last, Number(priceSar))) return;
    await tx.query(`INSERT INTO catalogue.listing_price_changes (listing_id, price_sar) VALUES ($1, $2)`, [
      listingId,
      priceSar,
    ]);
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
