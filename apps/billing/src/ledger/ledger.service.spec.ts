import { AppError } from '@app/errors';
import { debitKey, replayDebit, welcomeKey } from './ledger.service';

describe('replayDebit', () => {
  const earlier = { id: 'e1', asset: 'decisions' as const, amount: -2, reason: 'debit' as const, balance_after: 3 };

  it('should return the first result when the replay asks for the same charge', () => {
    expect(replayDebit(earlier, { asset: 'decisions', amount: 2 })).toEqual({ entry_id: 'e1', balance: 3 });
  });

  it('should be a reused key when the replay asks for a different amount or asset', () => {
    for (const req of [
      { asset: 'decisions' as const, amount: 3 },
      { asset: 'lead_credits' as const, amount: 2 },
    ]) {
      expect(() => replayDebit(earlier, req)).toThrow(AppError);
      try {
        replayDebit(earlier, req);
      } catch (err) {
        expect((err as AppError).error).toBe('idempotency_key_reused');
      }
    }
  });

  it('should be a reused key when the key belongs to an entry that is not a debit', () => {
    expect(() => replayDebit({ ...earlier, reason: 'welcome', amount: 2 }, { asset: 'decisions', amount: 2 })).toThrow(
      AppError,
    );
  });

  it('should namespace the idempotency keys per kind of entry', () => {
    expect(debitKey('r1')).toBe('debit:r1');
    expect(welcomeKey('w1')).toBe('welcome:w1');
  });
});
