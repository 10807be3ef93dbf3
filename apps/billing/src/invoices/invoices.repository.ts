import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { InvoiceCountry } from '@app/contracts';
import { BILLING_DATABASE } from '../database/billing.database';

export interface InvoiceLine {
  description: string;
  description_ar: string;
  quantity: number;
  /** Minor units; negative on a credit note. */
  net: number;
  vat: number;
  total: number;
}

export interface InvoiceRow {
  id: string;
  workspace_id: string;
  purchase_id: string;
  kind: 'invoice' | 'credit_note';
  series: string;
  sequence: number;
  number: string;
  issued_at: Date;
  country: InvoiceCountry;
  currency: string;
  seller_name: string;
  seller_name_ar: string;
  seller_vat_number: string;
  buyer_name: string | null;
  buyer_vat_number: string | null;
  lines: InvoiceLine[];
  net: number;
  /** Percent. */
  vat_rate: number;
  vat: number;
  total: number;
  zatca_qr: string | null;
  demo: boolean;
  credits_invoice_id: string | null;
}

export interface ProfileRow {
  workspace_id: string;
  legal_name: string | null;
  vat_number: string | null;
  country: InvoiceCountry;
}

@Injectable()
export class InvoicesRepository {
  constructor(@InjectDataSource(BILLING_DATABASE) private readonly dataSource: DataSource) {}

  /**
   * The next number of a series, in the caller's transaction: the counter row stays locked
   * until it commits, so concurrent issuers queue and a rolled-back one leaves no gap.
   */
  async nextNumber(tx: EntityManager, series: string): Promise<number> {
    const rows = await tx.query<{ last_number: number }[]>(
      `INSERT INTO "billing"."invoice_counters" (series, last_number) VALUES ($1, 1)
       ON CONFLICT (series) DO UPDATE SET last_number = "invoice_counters".last_number + 1
       RETURNING last_number`,
      [series],
    );
    return rows[0].last_number;
  }

  async insert(tx: EntityManager, invoice: InvoiceRow): Promise<InvoiceRow> {
    const columns = Object.keys(invoice) as (keyof InvoiceRow)[];
    const values = columns.map((column) => (column === 'lines' ? JSON.stringify(invoice.lines) : invoice[column]));
    const rows = await tx.query<InvoiceRow[]>(
      `INSERT INTO "billing"."invoices" (${columns.map((c) => `"${c}"`).join(', ')})
       VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
      values,
    );
    return rows[0];
  }

  async findOfPurchase(tx: EntityManager, purchaseId: string, kind: InvoiceRow['kind']): Promise<InvoiceRow | null> {
    const rows = await tx.query<InvoiceRow[]>(
      `SELECT * FROM "billing"."invoices" WHERE purchase_id = $1 AND kind = $2`,
      [purchaseId, kind],
    );
    return rows[0] ?? null;
  }

  /** This workspace's document; another workspace's is not found. */
  async find(workspaceId: string, id: string): Promise<InvoiceRow | null> {
    const rows = await this.dataSource.query<InvoiceRow[]>(
      `SELECT * FROM "billing"."invoices" WHERE id = $1 AND workspace_id = $2`,
      [id, workspaceId],
    );
    return rows[0] ?? null;
  }

  async page(workspaceId: string, limit: number, offset: number): Promise<InvoiceRow[]> {
    return this.dataSource.query<InvoiceRow[]>(
      `SELECT * FROM "billing"."invoices" WHERE workspace_id = $1
       ORDER BY issued_at DESC, sequence DESC, id LIMIT $2 OFFSET $3`,
      [workspaceId, limit + 1, offset],
    );
  }

  async profile(workspaceId: string, tx: EntityManager = this.dataSource.manager): Promise<ProfileRow> {
    const rows = await tx.query<ProfileRow[]>(
      `SELECT workspace_id, legal_name, vat_number, country FROM "billing"."billing_profiles" WHERE workspace_id = $1`,
      [workspaceId],
    );
    return rows[0] ?? { workspace_id: workspaceId, legal_name: null, vat_number: null, country: 'SA' };
  }

  async saveProfile(profile: ProfileRow): Promise<ProfileRow> {
    const rows = await this.dataSource.query<ProfileRow[]>(
      `INSERT INTO "billing"."billing_profiles" (workspace_id, legal_name, vat_number, country, updated_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (workspace_id) DO UPDATE SET legal_name = $2, vat_number = $3, country = $4, updated_at = now()
       RETURNING workspace_id, legal_name, vat_number, country`,
      [profile.workspace_id, profile.legal_name, profile.vat_number, profile.country],
    );
    return rows[0];
  }
}
