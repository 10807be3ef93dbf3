import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  InquiryCloseReason,
  InquiryStatus,
  Language,
  LeadSide,
  ListInquiriesRequest,
  PreferredContact,
} from '@app/contracts';
import { INQUIRIES_PER_HOUR } from '@app/contracts';
import { LEADS_DATABASE } from '../database/leads.database';
import { sideClause, sideParams } from '../listings/listing-owner';

export interface InquiryRow {
  id: string;
  lead_id: string;
  workspace_id: string | null;
  seller_id: string | null;
  listing_id: string;
  buyer_id: string;
  broker_id: string | null;
  question: string;
  preferred_contact: PreferredContact;
  preferred_language: Language | null;
  status: InquiryStatus;
  closed_reason: InquiryCloseReason | null;
  last_message_at: Date;
  created_at: Date;
  updated_at: Date;
}

export interface MessageRow {
  id: string;
  inquiry_id: string;
  author_id: string;
  side: LeadSide;
  body: string;
  created_at: Date;
}

/** A new thread: every column but those the database sets (its id, state and clock). */
export type NewInquiry = Omit<
  InquiryRow,
  'id' | 'status' | 'closed_reason' | 'last_message_at' | 'created_at' | 'updated_at'
>;

@Injectable()
export class InquiriesRepository {
  constructor(@InjectDataSource(LEADS_DATABASE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Serialises one buyer's inquiries (every replica shares the database lock) and returns
   * when the hourly window has room again: null while it has room now.
   */
  async hourlyRoom(tx: EntityManager, buyerId: string): Promise<Date | null> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('inquiries:' || $1, 0))`, [buyerId]);
    const recent = await tx.query<{ created_at: Date }[]>(
      `SELECT created_at FROM leads.inquiries
        WHERE buyer_id = $1 AND created_at > clock_timestamp() - interval '1 hour'
        ORDER BY created_at DESC LIMIT $2`,
      [buyerId, INQUIRIES_PER_HOUR],
    );
    if (recent.length < INQUIRIES_PER_HOUR) return null;
    return new Date(new Date(recent[INQUIRIES_PER_HOUR - 1].created_at).getTime() + 3_600_000);
  }

  /** Stamped with the clock after the lock, so the window counts what really came before. */
  async insert(tx: EntityManager, inquiry: NewInquiry): Promise<InquiryRow> {
    const columns = Object.keys(inquiry) as (keyof NewInquiry)[];
    const rows = await tx.query<InquiryRow[]>(
      `INSERT INTO leads.inquiries (${columns.join(', ')}, last_message_at, created_at, updated_at)
       VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}, clock_timestamp(), clock_timestamp(), clock_timestamp())
       RETURNING *`,
      columns.map((column) => inquiry[column]),
    );
    return rows[0];
  }

  /** Visible to its buyer and to its listing's owner (workspace or seller); anyone else finds nothing. */
  async findVisible(
    id: string,
    viewer: { account_id: string; workspace_id?: string; seller_id?: string },
    tx?: EntityManager,
  ): Promise<InquiryRow | null> {
    const rows = await (tx ?? this.dataSource).query<InquiryRow[]>(
      `SELECT * FROM leads.inquiries WHERE id = $1 AND (buyer_id = $2 OR workspace_id = $3 OR seller_id = $4)${tx ? ' FOR UPDATE' : ''}`,
      [id, viewer.account_id, viewer.workspace_id ?? null, viewer.seller_id ?? null],
    );
    return rows[0] ?? null;
  }

  page(request: ListInquiriesRequest): Promise<InquiryRow[]> {
    return this.dataSource.query<InquiryRow[]>(
      `SELECT * FROM leads.inquiries
        WHERE ${sideClause(1)} AND ($4::text IS NULL OR status = $4) AND ($5::uuid IS NULL OR listing_id = $5)
        ORDER BY last_message_at DESC, id LIMIT $6 OFFSET $7`,
      [...sideParams(request), request.status ?? null, request.property_id ?? null, request.limit + 1, request.offset],
    );
  }

  messages(inquiryId: string): Promise<MessageRow[]> {
    return this.dataSource.query<MessageRow[]>(
      `SELECT * FROM leads.inquiry_messages WHERE inquiry_id = $1 ORDER BY created_at, id`,
      [inquiryId],
    );
  }

  async addMessage(tx: EntityManager, message: Omit<MessageRow, 'id' | 'created_at'>): Promise<MessageRow> {
    const rows = await tx.query<MessageRow[]>(
      `INSERT INTO leads.inquiry_messages (inquiry_id, author_id, side, body) VALUES ($1, $2, $3, $4) RETURNING *`,
      [message.inquiry_id, message.author_id, message.side, message.body],
    );
    return rows[0];
  }

  async touch(tx: EntityManager, id: string, status: InquiryStatus, at: Date): Promise<InquiryRow> {
    const rows = await tx.query<InquiryRow[]>(
      `WITH changed AS (
         UPDATE leads.inquiries SET status = $2, last_message_at = $3, updated_at = now() WHERE id = $1 RETURNING *)
       SELECT * FROM changed`,
      [id, status, at],
    );
    return rows[0];
  }

  async close(tx: EntityManager, id: string, reason: InquiryCloseReason): Promise<InquiryRow> {
    const rows = await tx.query<InquiryRow[]>(
      `WITH changed AS (
         UPDATE leads.inquiries SET status = 'closed', closed_reason = $2, updated_at = now() WHERE id = $1 RETURNING *)
       SELECT * FROM changed`,
      [id, reason],
    );
    return rows[0];
  }

  /** Closes a listing's unclosed threads (the listing was deleted). */
  closeForListing(tx: EntityManager, listingId: string): Promise<InquiryRow[]> {
    return tx.query<InquiryRow[]>(
      `WITH changed AS (
         UPDATE leads.inquiries SET status = 'closed', closed_reason = 'listing_deleted', updated_at = now()
          WHERE listing_id = $1 AND status <> 'closed' RETURNING *)
       SELECT * FROM changed`,
      [listingId],
    );
  }

  /**
   * Closes a batch of threads quiet for `days`. SKIP LOCKED lets every replica sweep at once
   * without waiting on, or closing twice, the same rows.
   */
  closeExpired(tx: EntityManager, days: number, limit: number): Promise<InquiryRow[]> {
    return tx.query<InquiryRow[]>(
      `WITH due AS (
         SELECT id FROM leads.inquiries
          WHERE status <> 'closed' AND last_message_at < now() - make_interval(days => $1)
          ORDER BY last_message_at LIMIT $2 FOR UPDATE SKIP LOCKED),
       changed AS (
         UPDATE leads.inquiries i SET status = 'closed', closed_reason = 'expired', updated_at = now()
           FROM due WHERE i.id = due.id RETURNING i.*)
       SELECT * FROM changed`,
      [days, limit],
    );
  }
}
