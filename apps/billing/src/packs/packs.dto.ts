import type { DecisionPackResponse, DecisionPackSize } from '@app/contracts';
import type { PurchaseRow } from '../payments/purchases.repository';
import { refundableUntil } from './pack-refund';
import type { PackRow } from './packs.repository';

export function toDecisionPackResponse(pack: PackRow, balance: number): DecisionPackResponse {
  const purchasedAt = new Date(pack.purchased_at);
  return {
    object: 'decision_pack',
    id: pack.id,
    size: pack.size,
    state: 'paid',
    checkout_url: null,
    purchased_at: purchasedAt.toISOString(),
    refundable_until: refundableUntil(purchasedAt).toISOString(),
    refunded_at: pack.refunded_at ? new Date(pack.refunded_at).toISOString() : null,
    refunded_decisions: pack.refunded_decisions,
    balance,
  };
}

/** A pack not (or never) paid: pending at the provider, or ended without credit. */
export function toUnpaidPackResponse(purchase: PurchaseRow, balance: number): DecisionPackResponse {
  return {
    object: 'decision_pack',
    id: purchase.id,
    size: purchase.quantity as DecisionPackSize,
    state: purchase.state,
    checkout_url: purchase.checkout_url,
    purchased_at: new Date(purchase.created_at).toISOString(),
    refundable_until: null,
    refunded_at: null,
    refunded_decisions: null,
    balance,
  };
}
