import type { LedgerReason } from '@app/contracts';
import { paidBalance } from './paid-balance';
import type { ReplayedEntry } from './paid-balance';

let seq = 0;
const entry = (
  reason: LedgerReason,
  amount: number,
  extra: Partial<Pick<ReplayedEntry, 'id' | 'reference' | 'reverses_entry_id'>> = {},
): ReplayedEntry => ({ id: `e${++seq}`, reason, amount, reference: null, reverses_entry_id: null, ...extra });

describe('paidBalance', () => {
  it('should count nothing as paid when only welcome and plan credits were ever granted', () => {
    expect(paidBalance([entry('welcome', 10), entry('debit', -3), entry('plan_grant', 5)])).toEqual({
      balance: 12,
      paid: 0,
    });
  });

  it('should use the welcome credits before a pack bought after them', () => {
    const entries = [entry('welcome', 10), entry('pack_purchase', 5, { reference: 'p1' }), entry('debit', -12)];
    expect(paidBalance(entries)).toEqual({ balance: 3, paid: 3 });
  });

  it('should keep a plan grant that came after a purchase when the purchase is used first', () => {
    const entries = [entry('lead_credit_purchase', 10), entry('plan_grant', 5), entry('debit', -3)];
    expect(paidBalance(entries)).toEqual({ balance: 12, paid: 7 });
  });

  it('should give a refunded debit back as paid when it took paid credits', () => {
    const debit = entry('debit', -4);
    const entries = [
      entry('welcome', 2),
      entry('pack_purchase', 5, { reference: 'p1' }),
      debit,
      entry('refund', 4, { reverses_entry_id: debit.id }),
    ];
    // The debit took 2 granted and 2 paid: the 4 given back are 2 paid and 2 granted.
    expect(paidBalance(entries)).toEqual({ balance: 7, paid: 5 });
  });

  it('should count no paid balance when a refunded pack takes its unused part back', () => {
    const entries = [
      entry('welcome', 10),
      entry('pack_purchase', 5, { reference: 'p1' }),
      entry('debit', -1),
      entry('pack_refund', -5, { reference: 'p1' }),
    ];
    expect(paidBalance(entries)).toEqual({ balance: 9, paid: 0 });
  });
});
