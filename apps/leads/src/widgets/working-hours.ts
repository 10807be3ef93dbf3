import type { WorkingHours } from '@app/contracts';
import { AppError } from '@app/errors';

/** Minutes since local midnight of an `HH:MM` (24:00 closes a day at its end). */
function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** Rules class-validator cannot say: a real IANA zone, and each range closing after it opens. */
export function checkWorkingHours(hours: WorkingHours | null | undefined): void {
  if (!hours) return;
  if (!isTimeZone(hours.time_zone))
    throw new AppError('validation_error', 'working_hours.time_zone must be an IANA zone like Asia/Riyadh.', {
      field: 'working_hours.time_zone',
    });
  hours.weekly.forEach((range, index) => {
    if (range.open === '24:00' || minutesOf(range.close) <= minutesOf(range.open))
      throw new AppError('validation_error', 'Each working-hours range must close after it opens.', {
        field: `working_hours.weekly.${index}.close`,
      });
  });
}

/** The weekday (0 = Sunday) and minute of the day at `now` on the zone's wall clock. */
export function localClock(zone: string, now: Date): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { day, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** No working hours: always open. Otherwise open while a range of today covers the local time. */
export function isOpenNow(hours: WorkingHours | null, now: Date = new Date()): boolean {
  if (!hours) return true;
  const { day, minute } = localClock(hours.time_zone, now);
  return hours.weekly.some(
    (range) => range.day === day && minute >= minutesOf(range.open) && minute < minutesOf(range.close),
  );
}
