import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SavedSearchFrequency, SavedSearchMatchListing, SavedSearchMatchedPayload } from '@app/contracts';
import { NOTIFICATION_DATABASE } from '../database/notification.database';
import { alertDueAt } from './alert-schedule';

export type AlertItem = SavedSearchMatchListing;

/** An alert whose time has come, with its listings (newest match first). */
export interface DueAlert {
  id: string;
  saved_search_id: string;
  account_id: string;
  name: string;
  frequency: SavedSearchFrequency;
  items: AlertItem[];
}

type Send = (alert: DueAlert, tx: EntityManager) => Promise<void>;

/** Saved-search alerts in PostgreSQL, shared by every replica. */
@Injectable()
export class SavedSearchAlertsRepository {
  constructor(@InjectDataSource(NOTIFICATION_DATABASE) private readonly dataSource: DataSource) {}

  /**
   * Adds a match to its search's open alert, opening one (due as alertDueAt says) when there is
   * none; in the event's transaction, so a redelivered event adds nothing. Returns the alert's id.
   * The upsert locks the open row, so a flush cannot send it before this match is in.
   */
  async collect(tx: EntityManager, match: SavedSearchMatchedPayload, now: Date): Promise<string> {
    const last = await tx.query<{ sent_at: Date }[]>(
      `SELECT sent_at FROM notification.saved_search_alerts
        WHERE saved_search_id = $1 AND sent_at IS NOT NULL ORDER BY sent_at DESC LIMIT 1`,
      [match.saved_search_id],
    );
    const due = alertDueAt(match.frequency, now, last[0] ? new Date(last[0].sent_at) : null);
    const [alert] = await tx.query<{ id: string }[]>(
      `INSERT INTO notification.saved_search_alerts (saved_search_id, account_id, name, frequency, opened_at, due_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (saved_search_id) WHERE sent_at IS NULL DO UPDATE SET name = EXCLUDED.name
       RETURNING id`,
      [match.saved_search_id, match.account_id, match.name, match.frequency, now, due],
    );
    // A second drop of the same listing in one alert: the latest price stands.
    await tx.query(
      `INSERT INTO notification.saved_search_alert_items
         (alert_id, listing_id, event, title_en, title_ar, price_sar, previous_price_sar, matched_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT ON CONSTRAINT saved_search_alert_items_pk DO UPDATE
         SET price_sar = EXCLUDED.price_sar, matched_at = EXCLUDED.matched_at`,
      [
        alert.id,
        match.listing_id,
        match.event,
        match.title_en,
        match.title_ar,
        match.price_sar,
        match.previous_price_sar,
        match.matched_at,
      ],
    );
    return alert.id;
  }

  /** The search's alert still waiting, dropped with its listings. */
  async dropOpen(tx: EntityManager, savedSearchId: string): Promise<void> {
    await tx.query(`DELETE FROM notification.saved_search_alerts WHERE saved_search_id = $1 AND sent_at IS NULL`, [
      savedSearchId,
    ]);
  }

  /** Sends this alert in the caller's transaction when it is due at `now` (an instant one, at once). */
  async flushIfDue(tx: EntityManager, alertId: string, now: Date, send: Send): Promise<boolean> {
    const [alert] = await tx.query<Omit<DueAlert, 'items'>[]>(
      `SELECT id, saved_search_id, account_id, name, frequency FROM notification.saved_search_alerts
        WHERE id = $1 AND sent_at IS NULL AND due_at <= $2 FOR UPDATE`,
      [alertId, now],
    );
    if (!alert) return false;
    await this.sendAndMark(tx, alert, now, send);
    return true;
  }

  /**
   * Sends the alerts due at `now`, one transaction each: the row is locked (SKIP LOCKED, so
   * replicas take different ones), `send` queues its messages in the same transaction, and it is
   * marked sent. If `send` fails nothing is marked, and the next round retries.
   */
  async flushDue(now: Date, send: Send): Promise<number> {
    let flushed = 0;
    for (;;) {
      const done = await this.dataSource.transaction(async (tx) => {
        const [alert] = await tx.query<Omit<DueAlert, 'items'>[]>(
          `SELECT id, saved_search_id, account_id, name, frequency FROM notification.saved_search_alerts
            WHERE sent_at IS NULL AND due_at <= $1 ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [now],
        );
        if (!alert) return false;
        await this.sendAndMark(tx, alert, now, send);
        return true;
      });
      if (!done) return flushed;
      flushed++;
    }
  }

  private async sendAndMark(tx: EntityManager, alert: Omit<DueAlert, 'items'>, now: Date, send: Send): Promise<void> {
    const items = await tx.query<(AlertItem & { price_sar: string; previous_price_sar: string | null })[]>(
      `SELECT listing_id, event, title_en, title_ar, price_sar, previous_price_sar
         FROM notification.saved_search_alert_items WHERE alert_id = $1 ORDER BY matched_at DESC, listing_id`,
      [alert.id],
    );
    await send(
      {
        ...alert,
        items: items.map((item) => ({
          ...item,
          price_sar: Number(item.price_sar),
          previous_price_sar: item.previous_price_sar === null ? null : Number(item.previous_price_sar),
        })),
      },
      tx,
    );
    await tx.query(`UPDATE notification.saved_search_alerts SET sent_at = $2 WHERE id = $1`, [alert.id, now]);
  }
}
