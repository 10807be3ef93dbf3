import { parsePlans, periodOf, planGrantKey } from './lead-plans';

describe('lead-credit plans', () => {
  it('should read name:credits pairs when the configuration lists plans', () => {
    expect(parsePlans('starter:20,pro:100,agency:500', 'starter')).toEqual({ starter: 20, pro: 100, agency: 500 });
    expect(parsePlans('free:0', 'free')).toEqual({ free: 0 });
  });

  it('should refuse a default plan that is not configured', () => {
    expect(() => parsePlans('starter:20', 'pro')).toThrow(/DEFAULT_LEAD_PLAN/);
  });

  it('should key grants by UTC calendar month', () => {
    expect(periodOf(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-03');
    expect(periodOf(new Date('2026-04-01T00:00:00.000Z'))).toBe('2026-04');
    expect(planGrantKey('2026-04')).toBe('plan:2026-04');
  });
});
