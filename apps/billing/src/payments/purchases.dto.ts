import type { PurchaseResponse } from '@app/contracts';
import type { PurchaseRow } from './purchases.repository';

export function toPurchaseResponse(row: PurchaseRow): PurchaseResponse {
  return {
    object: 'purchase',
    id: row.id,
    product: row.product,
    quantity: row.quantity,
    state: row.state,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    checkout_url: row.checkout_url,
    created_at: new Date(row.created_at).toISOString(),
    settled_at: row.settled_at ? new Date(row.settled_at).toISOString() : null,
  };
}
