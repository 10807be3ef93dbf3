import type { SavedSearchFrequency } from '@app/contracts';

/** An instant search tells its owner at most once in this long; later matches wait for the next message. */
export const INSTANT_ALERT_INTERVAL_MS = 15 * 60_000;

/** How long a digest gathers matches after its first one. */
export const DIGEST_PERIOD_MS: Record<Exclude<SavedSearchFrequency, 'instant'>, number> = {
  daily: 24 * 3_600_000,
  weekly: 7 * 24 * 3_600_000,
};

/**
 * When an alert opened at `now` goes out. Instant: at once, unless the search's last message went
 * less than 15 minutes ago, then when those 15 minutes are over (the matches in between go in it).
 * Daily and weekly: a digest, one period after its first match, so two are never closer than that.
 */
export function alertDueAt(frequency: SavedSearchFrequency, now: Date, lastSentAt: Date | null): Date {
  if (frequency !== 'instant') return new Date(now.getTime() + DIGEST_PERIOD_MS[frequency]);
  const nextAllowed = lastSentAt ? lastSentAt.getTime() + INSTANT_ALERT_INTERVAL_MS : 0;
  return new Date(Math.max(now.getTime(), nextAllowed));
}
