import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { uniqueViolation } from '@app/database';
import { AppError } from '@app/errors';
import type { BookingStatus, LeadOutcome, ListBookingsRequest } from '@app/contracts';
import { LEADS_DATABASE } from '../database/leads.database';
import { ownerParams, sideClause, sideParams } from '../listings/listing-owner';

export interface BookingRow {
  id: string;
  lead_id: string;
  workspace_id: string | null;
  seller_id: string | null;
  listing_id: string;
  buyer_id: string;
  broker_id: string | null;
  time_zone: string;
  scheduled_at: Date;
  duration_minutes: number;
  status: BookingStatus;
  user_phone: string | null;
  notes: string | null;
  reason: string | null;
  proposed_at: Date | null;
  rescheduled_from: string | null;
  rescheduled_to: string | null;
  created_at: Date;
  updated_at: Date;
}

export type NewBooking = Pick<
  BookingRow,
  | 'lead_id'
  | 'workspace_id'
  | 'seller_id'
  | 'listing_id'
  | 'buyer_id'
  | 'broker_id'
  | 'time_zone'
  | 'scheduled_at'
  | 'duration_minutes'
  | 'status'
  | 'user_phone'
  | 'notes'
  | 'rescheduled_from'
>;

export interface SurveyRow {
  booking_id: string;
  buyer_id: string;
  rating: number;
  outcome: LeadOutcome | null;
  comment: string | null;
  created_at: Date;
}

@Injectable()
export class BookingsRepository {
  constructor(@InjectDataSource(LEADS_DATABASE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The partial unique index decides every race for a slot: the loser gets 409 slot_already_booked. */
  async insert(tx: EntityManager, booking: NewBooking): Promise<BookingRow> {
    try {
      const rows = await tx.query<BookingRow[]>(
        `INSERT INTO leads.bookings (lead_id, workspace_id, seller_id, listing_id, buyer_id, broker_id, time_zone,
           scheduled_at, duration_minutes, status, user_phone, notes, rescheduled_from)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
        [
          booking.lead_id,
          ...ownerParams(booking),
          booking.listing_id,
          booking.buyer_id,
          booking.broker_id,
          booking.time_zone,
          booking.scheduled_at,
          booking.duration_minutes,
          booking.status,
          booking.user_phone,
          booking.notes,
          booking.rescheduled_from,
        ],
      );
      return rows[0];
    } catch (err) {
      if (uniqueViolation(err) === 'bookings_active_slot_uq')
        throw new AppError('slot_already_booked', 'Someone booked this slot first. Pick another open time.');
      throw err;
    }
  }

  /** The buyer's own active (pending or confirmed) booking of a slot, if they hold it. */
  async findHeldBy(buyerId: string, listingId: string, scheduledAt: Date): Promise<BookingRow | null> {
    const rows = await this.dataSource.query<BookingRow[]>(
      `SELECT * FROM leads.bookings WHERE listing_id = $1 AND scheduled_at = $2 AND buyer_id = $3
         AND status IN ('pending', 'confirmed')`,
      [listingId, scheduledAt, buyerId],
    );
    return rows[0] ?? null;
  }

  /** Visible to its buyer and to its listing's owner (workspace or seller); locked for a state change when in a transaction. */
  async findVisible(
    id: string,
    viewer: { account_id: string; workspace_id?: string; seller_id?: string },
    tx?: EntityManager,
  ): Promise<BookingRow | null> {
    const rows = await (tx ?? this.dataSource).query<BookingRow[]>(
      `SELECT * FROM leads.bookings WHERE id = $1 AND (buyer_id = $2 OR workspace_id = $3 OR seller_id = $4)${tx ? ' FOR UPDATE' : ''}`,
      [id, viewer.account_id, viewer.workspace_id ?? null, viewer.seller_id ?? null],
    );
    return rows[0] ?? null;
  }

  async update(tx: EntityManager, id: string, changes: Partial<BookingRow>): Promise<BookingRow> {
    const columns = Object.keys(changes);
    const sets = columns.map((column, i) => `"${column}" = $${i + 2}`).join(', ');
    const rows = await tx.query<BookingRow[]>(
      `WITH changed AS (
         UPDATE leads.bookings SET ${sets}, updated_at = now() WHERE id = $1 RETURNING *)
       SELECT * FROM changed`,
      [id, ...columns.map((column) => changes[column as keyof BookingRow])],
    );
    return rows[0];
  }

  page(request: ListBookingsRequest): Promise<BookingRow[]> {
    return this.dataSource.query<BookingRow[]>(
      `SELECT * FROM leads.bookings
        WHERE ${sideClause(1)} AND ($4::text IS NULL OR status = $4) AND ($5::uuid IS NULL OR listing_id = $5)
        ORDER BY scheduled_at DESC, id LIMIT $6 OFFSET $7`,
      [...sideParams(request), request.status ?? null, request.property_id ?? null, request.limit + 1, request.offset],
    );
  }

  /** Cancels a deleted listing's active and proposed bookings. */
  cancelForListing(tx: EntityManager, listingId: string): Promise<BookingRow[]> {
    return tx.query<BookingRow[]>(
      `WITH changed AS (
         UPDATE leads.bookings SET status = 'cancelled', reason = 'The listing was removed.', updated_at = now()
          WHERE listing_id = $1 AND status IN ('pending', 'confirmed', 'proposed') RETURNING *)
       SELECT * FROM changed`,
      [listingId],
    );
  }

  /** One survey per booking: the primary key refuses a second (409 conflict). */
  async insertSurvey(tx: EntityManager, survey: Omit<SurveyRow, 'created_at'>): Promise<SurveyRow> {
    try {
      const rows = await tx.query<SurveyRow[]>(
        `INSERT INTO leads.surveys (booking_id, buyer_id, rating, outcome, comment) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [survey.booking_id, survey.buyer_id, survey.rating, survey.outcome, survey.comment],
      );
      return rows[0];
    } catch (err) {
      if (uniqueViolation(err) === 'surveys_pkey')
        throw new AppError('conflict', 'This viewing already has its survey.');
      throw err;
    }
  }
}
