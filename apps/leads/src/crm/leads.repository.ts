import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  LeadOutcome,
  LeadSource,
  LeadStage,
  ListingOwner,
  ListLeadsRequest,
  PreferredContact,
} from '@app/contracts';
import { LEADS_DATABASE } from '../database/leads.database';
import { ownerClause, ownerParams } from '../listings/listing-owner';

export interface LeadRow {
  id: string;
  workspace_id: string | null;
  seller_id: string | null;
  listing_id: string;
  buyer_id: string;
  buyer_name: string;
  /** Null only for a promoted widget visitor who left a phone alone. */
  buyer_email: string | null;
  buyer_phone: string | null;
  preferred_contact: PreferredContact;
  source: LeadSource;
  stage: LeadStage;
  outcome: LeadOutcome | null;
  locked: boolean;
  charged_at: Date | null;
  ledger_entry_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewLead {
  workspace_id: string | null;
  seller_id: string | null;
  listing_id: string;
  buyer_id: string;
  buyer_name: string;
  buyer_email: string;
  buyer_phone: string | null;
  preferred_contact: PreferredContact;
  source: LeadSource;
}

@Injectable()
export class LeadsRepository {
  constructor(@InjectDataSource(LEADS_DATABASE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * The buyer's lead on the listing, made now or found. A concurrent maker waits on the unique
   * key and then finds the winner's row: exactly one caller sees `created`. A seller's lead is
   * never locked: lead credits are a workspace's, never charged to a seller.
   */
  async open(tx: EntityManager, lead: NewLead): Promise<{ lead: LeadRow; created: boolean }> {
    const inserted = await tx.query<LeadRow[]>(
      `INSERT INTO leads.leads
         (workspace_id, seller_id, listing_id, buyer_id, buyer_name, buyer_email, buyer_phone, preferred_contact,
          source, locked)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $2::uuid IS NULL)
       ON CONFLICT (listing_id, buyer_id) DO NOTHING RETURNING *`,
      [
        lead.workspace_id,
        lead.seller_id,
        lead.listing_id,
        lead.buyer_id,
        lead.buyer_name,
        lead.buyer_email,
        lead.buyer_phone,
        lead.preferred_contact,
        lead.source,
      ],
    );
    if (inserted[0]) return { lead: inserted[0], created: true };
    const found = await tx.query<LeadRow[]>(`SELECT * FROM leads.leads WHERE listing_id = $1 AND buyer_id = $2`, [
      lead.listing_id,
      lead.buyer_id,
    ]);
    return { lead: found[0], created: false };
  }

  /** Unlocks once: false when another charger got there first. */
  async markCharged(tx: EntityManager, id: string, entryId: string): Promise<LeadRow | null> {
    const rows = await tx.query<LeadRow[]>(
      `WITH paid AS (
         UPDATE leads.leads SET locked = false, charged_at = now(), ledger_entry_id = $2, updated_at = now()
          WHERE id = $1 AND locked RETURNING *)
       SELECT * FROM paid`,
      [id, entryId],
    );
    return rows[0] ?? null;
  }

  async find(owner: ListingOwner, id: string, tx?: EntityManager): Promise<LeadRow | null> {
    const rows = await (tx ?? this.dataSource).query<LeadRow[]>(
      `SELECT * FROM leads.leads WHERE id = $1 AND ${ownerClause(2)}${tx ? ' FOR UPDATE' : ''}`,
      [id, ...ownerParams(owner)],
    );
    return rows[0] ?? null;
  }

  async findMany(ids: string[]): Promise<Map<string, LeadRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.query<LeadRow[]>(`SELECT * FROM leads.leads WHERE id = ANY($1::uuid[])`, [
      [...new Set(ids)],
    ]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  page(request: ListLeadsRequest): Promise<LeadRow[]> {
    return this.dataSource.query<LeadRow[]>(
      `SELECT * FROM leads.leads
        WHERE ${ownerClause(1)}
          AND ($3::text IS NULL OR stage = $3) AND ($4::text IS NULL OR outcome = $4)
          AND ($5::uuid IS NULL OR listing_id = $5) AND ($6::boolean IS NULL OR locked = $6)
        ORDER BY created_at DESC, id LIMIT $7 OFFSET $8`,
      [
        ...ownerParams(request),
        request.stage ?? null,
        request.outcome ?? null,
        request.property_id ?? null,
        request.locked ?? null,
        request.limit + 1,
        request.offset,
      ],
    );
  }

  async update(tx: EntityManager, id: string, stage: LeadStage, outcome: LeadOutcome | null): Promise<LeadRow> {
    const rows = await tx.query<LeadRow[]>(
      `WITH changed AS (
         UPDATE leads.leads SET stage = $2, outcome = $3, updated_at = now() WHERE id = $1 RETURNING *)
       SELECT * FROM changed`,
      [id, stage, outcome],
    );
    return rows[0];
  }

  /** A workspace's locked leads, oldest first (credit goes to the earliest buyer). */
  locked(workspaceId: string, limit: number): Promise<LeadRow[]> {
    return this.dataSource.query<LeadRow[]>(
      `SELECT * FROM leads.leads WHERE workspace_id = $1 AND locked ORDER BY created_at, id LIMIT $2`,
      [workspaceId, limit],
    );
  }

  /** Workspaces with locked leads, for the retry sweep. */
  async workspacesWithLockedLeads(limit: number): Promise<string[]> {
    const rows = await this.dataSource.query<{ workspace_id: string }[]>(
      `SELECT DISTINCT workspace_id FROM leads.leads WHERE locked AND workspace_id IS NOT NULL LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.workspace_id);
  }
}
