/**
 * A downward crossing: the balance was at or above the threshold before the entry and
 * is below it after. Entries on one balance are serialised by its row lock, so each
 * crossing is seen by exactly one entry. A threshold of 0 never fires.
 */
export function crossesBelow(threshold: number, balanceAfter: number, amount: number): boolean {
  const before = balanceAfter - amount;
  return threshold > 0 && amount < 0 && before >= threshold && balanceAfter < threshold;
}
