import type { ListingOwner } from '@app/contracts';

/**
 * The owner columns every leads row of a listing carries: its workspace's, or its seller's
 * (a seller lists their own property without a workspace); the other is null.
 */
export interface OwnerColumns {
  workspace_id: string | null;
  seller_id: string | null;
}

export function ownerColumns(owner: ListingOwner | OwnerColumns): OwnerColumns {
  return owner.seller_id
    ? { workspace_id: null, seller_id: owner.seller_id }
    : {
        workspace_id: owner.workspace_id ?? null,
        seller_id: null,
      };
}

/** Whom a leads event concerns, from a lead's, a thread's or a booking's row: every payload starts so. */
export function eventParties(row: OwnerColumns & { listing_id: string; buyer_id: string }) {
  return {
    workspace_id: row.workspace_id,
    seller_id: row.seller_id,
    property_id: row.listing_id,
    buyer_id: row.buyer_id,
    occurred_at: new Date().toISOString(),
  };
}

/** `(workspace_id = $n OR seller_id = $n+1)`: the unused side is null and matches nothing. */
export function ownerClause(first: number): string {
  return `(workspace_id = $${first} OR seller_id = $${first + 1})`;
}

export function ownerParams(owner: ListingOwner | OwnerColumns): [string | null, string | null] {
  const columns = ownerColumns(owner);
  return [columns.workspace_id, columns.seller_id];
}

/**
 * A list's scope, `(buyer_id = $n OR workspace_id = $n+1 OR seller_id = $n+2)`: the buyer's own
 * (`as=buyer`), or the owner side's (a workspace's or a seller's); the unused ones are null.
 */
export function sideClause(first: number): string {
  return `(buyer_id = $${first} OR workspace_id = $${first + 1} OR seller_id = $${first + 2})`;
}

export function sideParams(request: {
  as: 'buyer' | 'broker';
  account_id: string;
  workspace_id?: string;
  seller_id?: string;
}): [string | null, string | null, string | null] {
  return request.as === 'buyer' ? [request.account_id, null, null] : [null, ...ownerParams(request)];
}
