import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { uniqueViolation } from '@app/database';
import { AppError } from '@app/errors';
import type { ListingOwner } from '@app/contracts';
import { LEADS_DATABASE } from '../database/leads.database';
import { ownerClause, ownerParams } from '../listings/listing-owner';

export interface SlotRow {
  id: string;
  workspace_id: string | null;
  seller_id: string | null;
  listing_id: string;
  time_zone: string;
  starts_at: Date;
  duration_minutes: number;
  created_at: Date;
}

export interface SlotRuleRow {
  id: string;
  workspace_id: string | null;
  seller_id: string | null;
  listing_id: string;
  time_zone: string;
  weekday: number;
  local_time: string;
  duration_minutes: number;
  valid_from: string;
  valid_until: string | null;
  created_at: Date;
}

/** Dates as `YYYY-MM-DD` strings, not midnight instants in the server's zone. */
const RULE_COLUMNS = `id, workspace_id, seller_id, listing_id, time_zone, weekday, local_time, duration_minutes,
  to_char(valid_from, 'YYYY-MM-DD') AS valid_from, to_char(valid_until, 'YYYY-MM-DD') AS valid_until, created_at`;

@Injectable()
export class SlotsRepository {
  constructor(@InjectDataSource(LEADS_DATABASE) private readonly dataSource: DataSource) {}

  async insertSlot(slot: Omit<SlotRow, 'id' | 'created_at'>): Promise<SlotRow> {
    try {
      const rows = await this.dataSource.query<SlotRow[]>(
        `INSERT INTO leads.slots (workspace_id, seller_id, listing_id, time_zone, starts_at, duration_minutes)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [...ownerParams(slot), slot.listing_id, slot.time_zone, slot.starts_at, slot.duration_minutes],
      );
      return rows[0];
    } catch (err) {
      if (uniqueViolation(err) === 'slots_listing_start_uq')
        throw new AppError('conflict', 'This listing already has a slot starting then.');
      throw err;
    }
  }

  async insertRule(rule: Omit<SlotRuleRow, 'id' | 'created_at'>): Promise<SlotRuleRow> {
    const rows = await this.dataSource.query<SlotRuleRow[]>(
      `INSERT INTO leads.slot_rules
         (workspace_id, seller_id, listing_id, time_zone, weekday, local_time, duration_minutes, valid_from, valid_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${RULE_COLUMNS}`,
      [
        ...ownerParams(rule),
        rule.listing_id,
        rule.time_zone,
        rule.weekday,
        rule.local_time,
        rule.duration_minutes,
        rule.valid_from,
        rule.valid_until,
      ],
    );
    return rows[0];
  }

  /** The owner's slots still ahead, and its rules. */
  async ofOwner(owner: ListingOwner, listingId?: string): Promise<{ slots: SlotRow[]; rules: SlotRuleRow[] }> {
    const [slots, rules] = await Promise.all([
      this.dataSource.query<SlotRow[]>(
        `SELECT * FROM leads.slots WHERE ${ownerClause(1)} AND ($3::uuid IS NULL OR listing_id = $3)
           AND starts_at > now() ORDER BY starts_at, id`,
        [...ownerParams(owner), listingId ?? null],
      ),
      this.dataSource.query<SlotRuleRow[]>(
        `SELECT ${RULE_COLUMNS} FROM leads.slot_rules WHERE ${ownerClause(1)} AND ($3::uuid IS NULL OR listing_id = $3)
          ORDER BY created_at, id`,
        [...ownerParams(owner), listingId ?? null],
      ),
    ]);
    return { slots, rules };
  }

  /** A listing's one-off slots in [from, to) and all its rules. */
  async ofListing(
    listingId: string,
    from: Date,
    to: Date,
    tx?: EntityManager,
  ): Promise<{ slots: SlotRow[]; rules: SlotRuleRow[] }> {
    const db = tx ?? this.dataSource;
    const slots = await db.query<SlotRow[]>(
      `SELECT * FROM leads.slots WHERE listing_id = $1 AND starts_at >= $2 AND starts_at < $3 ORDER BY starts_at`,
      [listingId, from, to],
    );
    const rules = await db.query<SlotRuleRow[]>(`SELECT ${RULE_COLUMNS} FROM leads.slot_rules WHERE listing_id = $1`, [
      listingId,
    ]);
    return { slots, rules };
  }

  /** Starts in [from, to) taken by an active booking. */
  async bookedStarts(listingId: string, from: Date, to: Date): Promise<Set<number>> {
    const rows = await this.dataSource.query<{ scheduled_at: Date }[]>(
      `SELECT scheduled_at FROM leads.bookings WHERE listing_id = $1 AND status IN ('pending', 'confirmed')
          AND scheduled_at >= $2 AND scheduled_at < $3`,
      [listingId, from, to],
    );
    return new Set(rows.map((row) => new Date(row.scheduled_at).getTime()));
  }

  /** Deletes a slot or a rule of the owner; false when it has neither with this id. */
  async delete(owner: ListingOwner, id: string): Promise<boolean> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `WITH gone_slot AS (DELETE FROM leads.slots WHERE id = $1 AND ${ownerClause(2)} RETURNING id),
            gone_rule AS (DELETE FROM leads.slot_rules WHERE id = $1 AND ${ownerClause(2)} RETURNING id)
       SELECT id FROM gone_slot UNION ALL SELECT id FROM gone_rule`,
      [id, ...ownerParams(owner)],
    );
    return rows.length > 0;
  }
}
