import { alertDueAt } from './alert-schedule';

const at = (iso: string) => new Date(iso);

describe('alertDueAt', () => {
  const now = at('2031-05-01T09:00:00Z');

  it('should send an instant alert at once when the search was never alerted or not in the last 15 minutes', () => {
    expect(alertDueAt('instant', now, null)).toEqual(now);
    expect(alertDueAt('instant', now, at('2031-05-01T08:45:00Z'))).toEqual(now);
    expect(alertDueAt('instant', now, at('2031-04-30T09:00:00Z'))).toEqual(now);
  });

  it('should hold an instant alert until 15 minutes after the last message', () => {
    expect(alertDueAt('instant', now, at('2031-05-01T08:50:00Z'))).toEqual(at('2031-05-01T09:05:00Z'));
    expect(alertDueAt('instant', now, now)).toEqual(at('2031-05-01T09:15:00Z'));
  });

  it('should send a daily digest a day and a weekly one a week after its first match, whatever was sent before', () => {
    expect(alertDueAt('daily', now, null)).toEqual(at('2031-05-02T09:00:00Z'));
    expect(alertDueAt('weekly', now, at('2031-04-01T00:00:00Z'))).toEqual(at('2031-05-08T09:00:00Z'));
  });
});
