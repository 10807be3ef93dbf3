import { checkWorkingHours, isOpenNow, localClock } from './working-hours';

const riyadh = { time_zone: 'Asia/Riyadh', weekly: [{ day: 0, open: '09:00', close: '17:00' }] };

describe('working hours', () => {
  it('should read the local weekday and minute when the zone is ahead of UTC', () => {
    // Sunday 2026-11-22 06:30 UTC is 09:30 in Riyadh (UTC+3).
    expect(localClock('Asia/Riyadh', new Date('2026-11-22T06:30:00Z'))).toEqual({ day: 0, minute: 570 });
  });

  it('should be open inside a range and closed outside it when hours are set', () => {
    expect(isOpenNow(riyadh, new Date('2026-11-22T06:30:00Z'))).toBe(true);
    expect(isOpenNow(riyadh, new Date('2026-11-22T14:00:00Z'))).toBe(false); // 17:00 local: closed
    expect(isOpenNow(riyadh, new Date('2026-11-23T06:30:00Z'))).toBe(false); // Monday
  });

  it('should always be open when no hours are set', () => {
    expect(isOpenNow(null)).toBe(true);
  });

  it('should refuse an unknown zone and a range that closes before it opens', () => {
    expect(() => checkWorkingHours({ time_zone: 'Mars/Olympus', weekly: [] })).toThrow(/IANA/);
    expect(() =>
      checkWorkingHours({ time_zone: 'Asia/Dubai', weekly: [{ day: 1, open: '18:00', close: '09:00' }] }),
    ).toThrow(/close after/);
    expect(() =>
      checkWorkingHours({ time_zone: 'Asia/Dubai', weekly: [{ day: 1, open: '09:00', close: '24:00' }] }),
    ).not.toThrow();
  });
});
