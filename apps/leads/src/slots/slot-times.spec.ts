import { expandRule, localTimeOf, ruleStartsAt } from './slot-times';

const iso = (dates: { starts_at: Date }[]) => dates.map((slot) => slot.starts_at.toISOString());

describe('weekly viewing rules', () => {
  it('should put every Sunday 10:00 in Riyadh at 07:00 UTC across a month', () => {
    const rule = {
      weekday: 0,
      local_time: '10:00',
      time_zone: 'Asia/Riyadh',
      duration_minutes: 30,
      from: '2026-12-01',
      until: null,
    };
    const starts = expandRule(rule, new Date('2026-12-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'));
    expect(iso(starts)).toEqual([
      '2026-12-06T07:00:00.000Z',
      '2026-12-13T07:00:00.000Z',
      '2026-12-20T07:00:00.000Z',
      '2026-12-27T07:00:00.000Z',
    ]);
  });

  it('should put every Saturday 18:30 in Dubai at 14:30 UTC and stop at until', () => {
    const rule = {
      weekday: 6,
      local_time: '18:30',
      time_zone: 'Asia/Dubai',
      duration_minutes: 45,
      from: '2026-12-01',
      until: '2026-12-19',
    };
    const starts = expandRule(rule, new Date('2026-11-01T00:00:00Z'), new Date('2027-02-01T00:00:00Z'));
    expect(iso(starts)).toEqual(['2026-12-05T14:30:00.000Z', '2026-12-12T14:30:00.000Z', '2026-12-19T14:30:00.000Z']);
    expect(starts.every((slot) => slot.duration_minutes === 45)).toBe(true);
  });

  it('should count a local day that begins the day before in UTC (Riyadh 01:00 Monday is Sunday 22:00 UTC)', () => {
    const rule = {
      weekday: 1,
      local_time: '01:00',
      time_zone: 'Asia/Riyadh',
      duration_minutes: 30,
      from: '2026-12-01',
      until: null,
    };
    const [first] = expandRule(rule, new Date('2026-12-01T00:00:00Z'), new Date('2026-12-10T00:00:00Z'));
    expect(first.starts_at.toISOString()).toBe('2026-12-06T22:00:00.000Z');
    expect(localTimeOf(first.starts_at, 'Asia/Riyadh')).toBe('2026-12-07T01:00:00+03:00');
  });

  it('should know whether an instant is one of the rule starts', () => {
    const rule = {
      weekday: 3,
      local_time: '16:00',
      time_zone: 'Asia/Dubai',
      duration_minutes: 30,
      from: '2026-12-01',
      until: null,
    };
    expect(ruleStartsAt(rule, new Date('2026-12-02T12:00:00Z'))).toBe(true);
    expect(ruleStartsAt(rule, new Date('2026-12-02T12:01:00Z'))).toBe(false);
    expect(ruleStartsAt(rule, new Date('2026-11-25T12:00:00Z'))).toBe(false); // before `from`
  });
});
