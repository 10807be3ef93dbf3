import { ConfigurationError, loadEnv } from '@app/config';
import { BillingEnv } from './billing.env';

describe('BillingEnv', () => {
  it('should grant 10 free decisions when FREE_DECISIONS is unset', () => {
    expect(loadEnv(BillingEnv, {}).FREE_DECISIONS).toBe(10);
  });

  it('should accept 0 when no free allowance is wanted', () => {
    expect(loadEnv(BillingEnv, { FREE_DECISIONS: '0' }).FREE_DECISIONS).toBe(0);
  });

  it('should refuse to start when FREE_DECISIONS is negative or not an integer', () => {
    expect(() => loadEnv(BillingEnv, { FREE_DECISIONS: '-1' })).toThrow(ConfigurationError);
    expect(() => loadEnv(BillingEnv, { FREE_DECISIONS: 'ten' })).toThrow(/FREE_DECISIONS/);
  });
});
