/** How far back `price_change_pct_30d`, `reduced=true` and `sort=price_drop` look. */
export const PRICE_CHANGE_WINDOW_DAYS = 30;

/** The most changes a property's detail shows (the latest ones, oldest first). */
export const PRICE_HISTORY_LIMIT = 50;

/**
 * The current price against the reference (the price in force at the window's start), in
 * percent with one decimal, negative for a drop; null without a reference or when the price is
 * the same again (nothing changed that a buyer would notice).
 */
export function priceChangePct(current: number, reference: number | null): number | null {
  if (reference === null || reference <= 0 || current === reference) return null;
  return Math.round(((current - reference) / reference) * 1000) / 10;
}

/** Whether a price change is worth a history row: a first price, or one that differs from the last. */
export function isPriceChange(last: number | null, next: number): boolean {
  return last === null || last !== next;
}
