import { DateTime } from 'luxon';

/** A weekly rule: every `weekday` (0 = Sunday) at `local_time` on the listing's clock, from `from` until `until`. */
export interface WeeklyRule {
  weekday: number;
  local_time: string;
  time_zone: string;
  duration_minutes: number;
  from: string;
  until: string | null;
}

export interface SlotStart {
  starts_at: Date;
  duration_minutes: number;
}

/** luxon numbers weekdays 1 = Monday … 7 = Sunday; ours are 0 = Sunday … 6 = Saturday (JS, PostgreSQL DOW). */
function luxonWeekday(weekday: number): number {
  return weekday === 0 ? 7 : weekday;
}

/** The rule's starts in [from, to), as UTC instants. Asia/Riyadh and Asia/Dubai keep no DST; luxon handles any zone. */
export function expandRule(rule: WeeklyRule, from: Date, to: Date): SlotStart[] {
  const [hour, minute] = rule.local_time.split(':').map(Number);
  const zone = rule.time_zone;
  const firstDay = DateTime.max(
    DateTime.fromISO(rule.from, { zone }),
    DateTime.fromJSDate(from, { zone }).startOf('day'),
  );
  const lastDay = rule.until ? DateTime.fromISO(rule.until, { zone }).endOf('day') : null;
  const starts: SlotStart[] = [];
  let day = firstDay.plus({ days: (luxonWeekday(rule.weekday) - firstDay.weekday + 7) % 7 });
  for (; ; day = day.plus({ weeks: 1 })) {
    if (lastDay && day > lastDay) break;
    const start = day.set({ hour, minute, second: 0, millisecond: 0 });
    if (start.toMillis() >= to.getTime()) break;
    if (start.toMillis() >= from.getTime())
      starts.push({ starts_at: start.toJSDate(), duration_minutes: rule.duration_minutes });
  }
  return starts;
}

/** Whether the rule has a slot starting exactly at `instant`. */
export function ruleStartsAt(rule: WeeklyRule, instant: Date): boolean {
  return expandRule(rule, instant, new Date(instant.getTime() + 1)).length === 1;
}

/** The instant on the zone's wall clock, with its offset: 2026-12-01T10:00:00+03:00. */
export function localTimeOf(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true }) ?? instant.toISOString();
}

/** Today's date on the zone's clock (a rule without `from` starts today there). */
export function todayIn(zone: string, now = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).toISODate() ?? now.toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD string is a real calendar date. */
export function isCalendarDate(value: string): boolean {
  return DateTime.fromISO(value).isValid;
}
