import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BILLING_BALANCE_LOW } from '@app/contracts';
import type { BalanceLowPayload, BillingAsset } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { Outbox } from '@app/messaging';
import { currentRequestId, currentTraceparent } from '@app/observability';
import { billingConfig } from '../config/billing.env';
import { LedgerRepository } from '../ledger/ledger.repository';
import type { LedgerEntryRow } from '../ledger/ledger.repository';
import { crossesBelow } from './low-balance';

/** Per-workspace thresholds (defaults from configuration) and the `billing.balance.low.v1` event. */
@Injectable()
export class LowBalanceService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly outbox: Outbox,
    @InjectConfig(billingConfig) private readonly config: AppConfig<typeof billingConfig>,
  ) {}

  async thresholds(workspaceId: string, tx?: EntityManager): Promise<Record<BillingAsset, number>> {
    const own = await this.ledger.thresholds(workspaceId, tx);
    return {
      decisions: own.decisions ?? this.defaultThreshold('decisions'),
      lead_credits: own.lead_credits ?? this.defaultThreshold('lead_credits'),
    };
  }

  defaultThreshold(asset: BillingAsset): number {
    return asset === 'decisions' ? this.config.LOW_BALANCE_DECISIONS : this.config.LOW_BALANCE_LEAD_CREDITS;
  }

  /** The outbox row a one-statement debit writes if it crosses its threshold. */
  newEvent(): { id: string; subject: string; requestId: string | null; traceparent: string | null } {
    return {
      id: randomUUID(),
      subject: BILLING_BALANCE_LOW,
      requestId: currentRequestId() ?? null,
      traceparent: currentTraceparent() ?? null,
    };
  }

  /** In the entry's transaction: the event commits with the entry or not at all. */
  async afterEntry(tx: EntityManager, entry: LedgerEntryRow): Promise<void> {
    if (entry.amount >= 0) return;
    const threshold = (await this.thresholds(entry.workspace_id, tx))[entry.asset];
    if (!crossesBelow(threshold, entry.balance_after, entry.amount)) return;
    await this.outbox.add<BalanceLowPayload>(tx, BILLING_BALANCE_LOW, {
      workspace_id: entry.workspace_id,
      asset: entry.asset,
      balance: entry.balance_after,
      threshold,
      entry_id: entry.id,
    });
  }
}
