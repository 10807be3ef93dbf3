import type { DecisionPackResponse } from '@app/contracts';
import { refundableUntil } from './pack-refund';
import type { PackRow } from './packs.repository';

export function toDecisionPackResponse(pack: PackRow, balance: number): DecisionPackResponse {
  const purchasedAt = new Date(pack.purchased_at);
  return {
    object: 'decision_pack',
    id: pack.id,
    size: pack.size,
    purchased_at: purchasedAt.toISOString(),
    refundable_until: refundableUntil(purchasedAt).toISOString(),
    refunded_at: pack.refunded_at ? new Date(pack.refunded_at).toISOString() : null,
    refunded_decisions: pack.refunded_decisions,
    balance,
  };
}
