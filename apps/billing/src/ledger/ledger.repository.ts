import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { uniqueViolation } from '@app/database';
import type { DataSource, EntityManager } from 'typeorm';
import { BILLING_LEAD_CREDITS_ADDED } from '@app/contracts';
import type { BillingAsset, LeadCreditsAddedPayload, LedgerReason } from '@app/contracts';
import { Outbox } from '@app/messaging';
import { insufficientBalance } from '@app/errors';
import { BILLING_DATABASE } from '../database/billing.database';
import type { ReplayedEntry } from './paid-balance';

export interface LedgerEntryRow {
  id: string;
  seq: string;
  workspace_id: string;
  asset: BillingAsset;
  amount: number;
  reason: LedgerReason;
  reference: string | null;
  idempotency_key: string;
  reverses_entry_id: string | null;
  balance_after: number;
  created_at: Date;
}

export interface NewLedgerEntry {
  workspaceId: string;
  asset: BillingAsset;
  /** Signed: a credit is positive, a debit negative. */
  amount: number;
  reason: LedgerReason;
  reference: string | null;
  idempotencyKey: string;
  reversesEntryId?: string;
  createdAt: Date;
}

/** What `LedgerRepository.debit` needs to charge, append and maybe warn in one statement. */
export interface OneStatementDebit {
  workspaceId: string;
  asset: BillingAsset;
  /** Positive: what the debit takes. */
  amount: number;
  reference: string | null;
  idempotencyKey: string;
  createdAt: Date;
  /** The threshold when the workspace has not set its own. */
  defaultThreshold: number;
  /** The outbox row written if this debit crosses the threshold. */
  lowBalanceEvent: { id: string; subject: string; requestId: string | null; traceparent: string | null };
}

/**
 * A debit in one statement (see LedgerRepository.debit). Exported with its parameters so
 * the benchmark's baseline runs exactly this SQL.
 */
export const DEBIT_SQL = `WITH moved AS (
     UPDATE "billing"."balances" SET amount = amount - $3
     WHERE workspace_id = $1 AND asset = $2 AND amount >= $3
     RETURNING amount),
   entry AS (
     INSERT INTO "billing"."ledger_entries"
       (workspace_id, asset, amount, reason, reference, idempotency_key, balance_after, created_at)
     SELECT $1, $2, -$3::int, 'debit', $4, $5, moved.amount, $6 FROM moved
     RETURNING *),
   threshold AS (
     SELECT COALESCE(
       (SELECT threshold FROM "billing"."low_balance_thresholds" WHERE workspace_id = $1 AND asset = $2),
       $7::int) AS value),
   low AS (
     INSERT INTO "billing"."outbox" (id, subject, payload, request_id, traceparent)
     SELECT $8, $9, jsonb_build_object('workspace_id', e.workspace_id, 'asset', e.asset,
              'balance', e.balance_after, 'threshold', t.value, 'entry_id', e.id), $10, $11
     FROM entry e CROSS JOIN threshold t
     WHERE t.value > 0 AND e.balance_after + $3 >= t.value AND e.balance_after < t.value
     RETURNING id)
   SELECT * FROM entry`;

export function debitParameters(debit: OneStatementDebit): unknown[] {
  return [
    debit.workspaceId,
    debit.asset,
    debit.amount,
    debit.reference,
    debit.idempotencyKey,
    debit.createdAt,
    debit.defaultThreshold,
    debit.lowBalanceEvent.id,
    debit.lowBalanceEvent.subject,
    debit.lowBalanceEvent.requestId,
    debit.lowBalanceEvent.traceparent,
  ];
}

/** The idempotency key (or the reversed entry) is already in the ledger: the caller replays the first result. */
export class LedgerEntryExists extends Error {
  constructor() {
    super('ledger entry already recorded');
  }
}

const ENTRY_UNIQUE_CONSTRAINTS = ['ledger_entries_idempotency_uq', 'ledger_entries_reverses_uq'];

/** Every query on the ledger and the balances it keeps. */
@Injectable()
export class LedgerRepository {
  constructor(
    @InjectDataSource(BILLING_DATABASE) private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Moves the balance and appends the entry in the caller's transaction. A debit is one
   * conditional UPDATE (the row lock orders concurrent debits; the CHECK backs it up);
   * no row means not enough: 402 insufficient_decisions with `required` and `balance`.
   */
  async append(tx: EntityManager, entry: NewLedgerEntry): Promise<LedgerEntryRow> {
    let balance: number;
    if (entry.amount > 0) {
      const rows = await tx.query<{ amount: number }[]>(
        `INSERT INTO "billing"."balances" (workspace_id, asset, amount) VALUES ($1, $2, $3)
         ON CONFLICT (workspace_id, asset) DO UPDATE SET amount = "balances".amount + EXCLUDED.amount
         RETURNING amount`,
        [entry.workspaceId, entry.asset, entry.amount],
      );
      balance = rows[0].amount;
    } else {
      const required = -entry.amount;
      // TypeORM answers an UPDATE … RETURNING with [rows, affected].
      const [rows] = await tx.query<[{ amount: number }[], number]>(
        `UPDATE "billing"."balances" SET amount = amount - $3
         WHERE workspace_id = $1 AND asset = $2 AND amount >= $3 RETURNING amount`,
        [entry.workspaceId, entry.asset, required],
      );
      if (rows.length === 0) {
        const current = await this.balanceOf(tx, entry.workspaceId, entry.asset);
        throw insufficientBalance(entry.asset, required, current);
      }
      balance = rows[0].amount;
    }
    try {
      const rows = await tx.query<LedgerEntryRow[]>(
        `INSERT INTO "billing"."ledger_entries"
           (workspace_id, asset, amount, reason, reference, idempotency_key, reverses_entry_id, balance_after, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [
          entry.workspaceId,
          entry.asset,
          entry.amount,
          entry.reason,
          entry.reference,
          entry.idempotencyKey,
          entry.reversesEntryId ?? null,
          balance,
          entry.createdAt,
        ],
      );
      const written = rows[0];
      if (entry.asset === 'lead_credits' && entry.amount > 0) await this.announceLeadCredits(tx, written);
      return written;
    } catch (err) {
      if (ENTRY_UNIQUE_CONSTRAINTS.includes(uniqueViolation(err) ?? '')) throw new LedgerEntryExists();
      throw err;
    }
  }

  /**
   * A debit in one statement, so one round trip and its own transaction: the conditional
   * UPDATE moves the balance (its row lock orders concurrent debits), the entry is appended
   * and, when the balance crosses below the threshold, the low-balance event goes into the
   * outbox — the rule of `crossesBelow`, in SQL. No row: not enough, or a replay of an
   * earlier debit (the caller looks its key up). A used key raises LedgerEntryExists.
   */
  async debit(debit: OneStatementDebit): Promise<LedgerEntryRow | null> {
    try {
      const rows = await this.dataSource.query<LedgerEntryRow[]>(DEBIT_SQL, debitParameters(debit));
      return rows[0] ?? null;
    } catch (err) {
      if (ENTRY_UNIQUE_CONSTRAINTS.includes(uniqueViolation(err) ?? '')) throw new LedgerEntryExists();
      throw err;
    }
  }

  /** Leads waits for credit to unlock the leads it could not pay for. */
  private async announceLeadCredits(tx: EntityManager, entry: LedgerEntryRow): Promise<void> {
    await this.outbox.add<LeadCreditsAddedPayload>(tx, BILLING_LEAD_CREDITS_ADDED, {
      workspace_id: entry.workspace_id,
      amount: entry.amount,
      balance: entry.balance_after,
      entry_id: entry.id,
    });
  }

  async findByKey(
    workspaceId: string,
    idempotencyKey: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<LedgerEntryRow | null> {
    const rows = await tx.query<LedgerEntryRow[]>(
      `SELECT * FROM "billing"."ledger_entries" WHERE workspace_id = $1 AND idempotency_key = $2`,
      [workspaceId, idempotencyKey],
    );
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<LedgerEntryRow | null> {
    const rows = await this.dataSource.query<LedgerEntryRow[]>(
      `SELECT * FROM "billing"."ledger_entries" WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The debits made for one thing (`decision:<id>`) in a workspace. */
  async findDebitsByReference(workspaceId: string, reference: string): Promise<LedgerEntryRow[]> {
    return this.dataSource.query<LedgerEntryRow[]>(
      `SELECT * FROM "billing"."ledger_entries" WHERE workspace_id = $1 AND reference = $2 AND reason = 'debit'`,
      [workspaceId, reference],
    );
  }

  async findReversal(entryId: string): Promise<LedgerEntryRow | null> {
    const rows = await this.dataSource.query<LedgerEntryRow[]>(
      `SELECT * FROM "billing"."ledger_entries" WHERE reverses_entry_id = $1`,
      [entryId],
    );
    return rows[0] ?? null;
  }

  async balanceOf(tx: EntityManager, workspaceId: string, asset: BillingAsset): Promise<number> {
    const rows = await tx.query<{ amount: number }[]>(
      `SELECT amount FROM "billing"."balances" WHERE workspace_id = $1 AND asset = $2`,
      [workspaceId, asset],
    );
    return rows[0]?.amount ?? 0;
  }

  /** Locks the balance row (creating it at 0) so nothing else moves it until the transaction ends. */
  async lockBalance(tx: EntityManager, workspaceId: string, asset: BillingAsset): Promise<number> {
    await tx.query(
      `INSERT INTO "billing"."balances" (workspace_id, asset, amount) VALUES ($1, $2, 0)
       ON CONFLICT (workspace_id, asset) DO NOTHING`,
      [workspaceId, asset],
    );
    const rows = await tx.query<{ amount: number }[]>(
      `SELECT amount FROM "billing"."balances" WHERE workspace_id = $1 AND asset = $2 FOR UPDATE`,
      [workspaceId, asset],
    );
    return rows[0].amount;
  }

  async balances(workspaceId: string): Promise<Record<BillingAsset, number>> {
    const rows = await this.dataSource.query<{ asset: BillingAsset; amount: number }[]>(
      `SELECT asset, amount FROM "billing"."balances" WHERE workspace_id = $1`,
      [workspaceId],
    );
    const result: Record<BillingAsset, number> = { decisions: 0, lead_credits: 0 };
    for (const row of rows) result[row.asset] = row.amount;
    return result;
  }

  /**
   * What was credited after the entry `afterEntryId` and is not a debit: the credits that,
   * consumed oldest first, are used after it (packs, refunds, grants; pack refunds count negative).
   */
  async creditsAfter(
    tx: EntityManager,
    workspaceId: string,
    asset: BillingAsset,
    afterEntryId: string,
  ): Promise<number> {
    const rows = await tx.query<{ total: string }[]>(
      `SELECT COALESCE(SUM(amount), 0) AS total FROM "billing"."ledger_entries"
       WHERE workspace_id = $1 AND asset = $2 AND reason <> 'debit'
         AND seq > (SELECT seq FROM "billing"."ledger_entries" WHERE id = $3)`,
      [workspaceId, asset, afterEntryId],
    );
    return Number(rows[0].total);
  }

  /** Every entry of one asset in the workspace, oldest first: what the paid-balance replay reads. */
  entriesOf(workspaceId: string, asset: BillingAsset): Promise<ReplayedEntry[]> {
    return this.dataSource.query<ReplayedEntry[]>(
      `SELECT id, amount, reason, reference, reverses_entry_id FROM "billing"."ledger_entries"
        WHERE workspace_id = $1 AND asset = $2 ORDER BY seq`,
      [workspaceId, asset],
    );
  }

  /** The workspace's own low-balance thresholds; an asset without one is absent. */
  async thresholds(
    workspaceId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<Partial<Record<BillingAsset, number>>> {
    const rows = await tx.query<{ asset: BillingAsset; threshold: number }[]>(
      `SELECT asset, threshold FROM "billing"."low_balance_thresholds" WHERE workspace_id = $1`,
      [workspaceId],
    );
    return Object.fromEntries(rows.map((row) => [row.asset, row.threshold]));
  }

  async setThreshold(workspaceId: string, asset: BillingAsset, threshold: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "billing"."low_balance_thresholds" (workspace_id, asset, threshold) VALUES ($1, $2, $3)
       ON CONFLICT (workspace_id, asset) DO UPDATE SET threshold = EXCLUDED.threshold`,
      [workspaceId, asset, threshold],
    );
  }

  /** Newest first; one extra row tells whether there is more. */
  page(workspaceId: string, limit: number, offset: number): Promise<LedgerEntryRow[]> {
    return this.dataSource.query<LedgerEntryRow[]>(
      `SELECT * FROM "billing"."ledger_entries" WHERE workspace_id = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3`,
      [workspaceId, limit + 1, offset],
    );
  }
}
