import type { BalanceResponse, BillingAsset, LedgerEntryResponse } from '@app/contracts';
import type { LedgerEntryRow } from './ledger.repository';

export function toLedgerEntryResponse(row: LedgerEntryRow): LedgerEntryResponse {
  return {
    object: 'ledger_entry',
    id: row.id,
    asset: row.asset,
    amount: row.amount,
    reason: row.reason,
    reference: row.reference,
    balance_after: row.balance_after,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toBalanceResponse(
  balances: Record<BillingAsset, number>,
  thresholds: Record<BillingAsset, number>,
): BalanceResponse {
  return {
    decisions: balances.decisions,
    lead_credits: balances.lead_credits,
    low_balance_threshold: { decisions: thresholds.decisions, lead_credits: thresholds.lead_credits },
  };
}
