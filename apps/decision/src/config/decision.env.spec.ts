import { ConfigurationError, loadEnv } from '@app/config';
import { DecisionEnv } from './decision.env';

describe('DecisionEnv', () => {
  it('should load no demo transactions when DEMO_TRANSACTIONS is unset', () => {
    expect(loadEnv(DecisionEnv, {}).DEMO_TRANSACTIONS).toBe(false);
  });

  it('should accept true/false and 1/0', () => {
    expect(loadEnv(DecisionEnv, { DEMO_TRANSACTIONS: 'true' }).DEMO_TRANSACTIONS).toBe(true);
    expect(loadEnv(DecisionEnv, { DEMO_TRANSACTIONS: '1' }).DEMO_TRANSACTIONS).toBe(true);
    expect(loadEnv(DecisionEnv, { DEMO_TRANSACTIONS: '0' }).DEMO_TRANSACTIONS).toBe(false);
  });

  it('should refuse to start when DEMO_TRANSACTIONS is not a boolean', () => {
    expect(() => loadEnv(DecisionEnv, { DEMO_TRANSACTIONS: 'yes' })).toThrow(ConfigurationError);
    expect(() => loadEnv(DecisionEnv, { DEMO_TRANSACTIONS: 'yes' })).toThrow(/DEMO_TRANSACTIONS/);
  });
});
