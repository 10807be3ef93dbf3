import { isRefundable, refundableUntil, unusedDecisions } from './pack-refund';

describe('pack refunds', () => {
  const purchasedAt = new Date('2026-01-01T10:00:00.000Z');

  it('should allow a refund just inside 24 hours and refuse one just past', () => {
    expect(refundableUntil(purchasedAt).toISOString()).toBe('2026-01-02T10:00:00.000Z');
    expect(isRefundable(purchasedAt, new Date('2026-01-02T09:59:59.999Z'))).toBe(true);
    expect(isRefundable(purchasedAt, new Date('2026-01-02T10:00:00.000Z'))).toBe(true);
    expect(isRefundable(purchasedAt, new Date('2026-01-02T10:00:00.001Z'))).toBe(false);
  });

  it('should refund the whole pack when nothing was used', () => {
    expect(unusedDecisions({ size: 20, balance: 20, creditedAfter: 0 })).toBe(20);
  });

  it('should refund only the unused part when some decisions were used', () => {
    expect(unusedDecisions({ size: 5, balance: 3, creditedAfter: 0 })).toBe(3);
  });

  it('should consume the oldest pack first when newer credits exist', () => {
    // 5-pack, then a 20-pack, then 2 decisions used: the older pack has 3 left, the newer all 20.
    expect(unusedDecisions({ size: 5, balance: 23, creditedAfter: 20 })).toBe(3);
    expect(unusedDecisions({ size: 20, balance: 23, creditedAfter: 0 })).toBe(20);
  });

  it('should count older credits (a welcome allowance) as used before the pack', () => {
    // 10 free, then a 5-pack, 12 used: 3 left, all from the pack.
    expect(unusedDecisions({ size: 5, balance: 3, creditedAfter: 0 })).toBe(3);
  });

  it('should refund nothing when the pack is used up', () => {
    expect(unusedDecisions({ size: 5, balance: 4, creditedAfter: 20 })).toBe(0);
    expect(unusedDecisions({ size: 5, balance: 0, creditedAfter: 0 })).toBe(0);
  });
});
