import { arabicIndicDigits } from '../locations/location-text';

/**
 * Cell values as the government files write them: pure functions, no I/O.
 * Numbers may carry thousands separators (`1,250,000`, `١٬٢٥٠٬٠٠٠`); dates come as
 * `YYYY-MM-DD`, `YYYY/MM/DD`, `DD-MM-YYYY` (DLD) or `M/D/YYYY` (MoJ), with or without a time.
 */

/** The fixed peg: 1 USD = 3.75 SAR = 3.6725 AED. */
export const SAR_PER_USD = 3.75;
export const AED_PER_USD = 3.6725;

export const CURRENCIES = ['SAR', 'AED'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Converts an amount to SAR at the peg, rounded to halalas. */
export function toSar(amount: number, currency: Currency): number {
  const sar = currency === 'AED' ? (amount * SAR_PER_USD) / AED_PER_USD : amount;
  return Math.round(sar * 100) / 100;
}

/** A positive finite number, or undefined. Thousands separators and spaces are ignored. */
export function parseAmount(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const text = arabicIndicDigits(raw)
    .replace(/[\s\u00a0,\u066c]/g, '')
    .replace(/\u066b/g, '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Oldest and newest years a transaction may carry; anything else is a typo in the source. */
export const EARLIEST_YEAR = 1990;
export const LATEST_YEAR = 2100;

function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < EARLIEST_YEAR || year > LATEST_YEAR || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A Gregorian date as `YYYY-MM-DD`, or undefined (Hijri years such as 1445 fall outside the range). */
export function parseDate(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const text = arabicIndicDigits(raw).trim().split(/[\sT]/)[0];
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (yearFirst) return isoDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  // DLD writes day-month-year with dashes; MoJ writes month/day/year with slashes.
  const dayMonth = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text);
  if (dayMonth) return isoDate(Number(dayMonth[3]), Number(dayMonth[2]), Number(dayMonth[1]));
  const monthDay = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (monthDay) return isoDate(Number(monthDay[3]), Number(monthDay[1]), Number(monthDay[2]));
  return undefined;
}
