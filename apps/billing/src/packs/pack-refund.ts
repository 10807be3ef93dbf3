/** A pack can be refunded for this long after purchase (inclusive). */
export const PACK_REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;

export function refundableUntil(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + PACK_REFUND_WINDOW_MS);
}

export function isRefundable(purchasedAt: Date, now: Date): boolean {
  return now.getTime() <= refundableUntil(purchasedAt).getTime();
}

/**
 * The unused part of a pack. Decisions are consumed oldest credit first, so the current
 * balance sits in the newest credits: what was credited after the pack (other packs,
 * grants, debit refunds; minus pack refunds) is still whole before any of this pack is.
 * unused = clamp(balance - creditedAfter, 0, size).
 */
export function unusedDecisions(pack: { size: number; balance: number; creditedAfter: number }): number {
  return Math.max(0, Math.min(pack.size, pack.balance - pack.creditedAfter));
}
