import type { LedgerReason } from '@app/contracts';

/** A ledger entry of one asset as the replay reads it, oldest first. */
export interface ReplayedEntry {
  id: string;
  /** Signed: a credit is positive, a debit negative. */
  amount: number;
  reason: LedgerReason;
  reference: string | null;
  reverses_entry_id: string | null;
}

/** What is left of one credit: bought (a pack, lead credits) or granted (welcome, plan). */
interface Lot {
  left: number;
  paid: boolean;
  /** The purchase a pack refund takes back from. */
  purchase: string | null;
}

/**
 * The part of an asset's balance that was paid for. The ledger is replayed with the rule the
 * pack refund uses (`pack-refund.ts`): credits are consumed oldest first, so the balance sits in
 * the newest credits. A debit takes from the oldest lots; giving it back (`refund`) adds a new lot
 * with what it took, the paid part first; a pack refund takes its unused part from its own lot.
 * Pure, so the rule is unit-tested without a database.
 */
export function paidBalance(entries: ReplayedEntry[]): { balance: number; paid: number } {
  const lots: Lot[] = [];
  const taken = new Map<string, { paid: number; granted: number }>();
  for (const entry of entries) {
    switch (entry.reason) {
      case 'pack_purchase':
      case 'lead_credit_purchase':
        lots.push({ left: entry.amount, paid: true, purchase: entry.reference });
        break;
      case 'welcome':
      case 'plan_grant':
        lots.push({ left: entry.amount, paid: false, purchase: null });
        break;
      case 'debit':
        taken.set(entry.id, consumeOldest(lots, -entry.amount));
        break;
      case 'refund': {
        // A debit given back whose debit is unknown counts as paid: never forfeit money silently.
        const took = taken.get(entry.reverses_entry_id ?? '') ?? { paid: entry.amount, granted: 0 };
        const paid = Math.min(entry.amount, took.paid);
        lots.push(
          { left: paid, paid: true, purchase: null },
          { left: entry.amount - paid, paid: false, purchase: null },
        );
        break;
      }
      case 'pack_refund': {
        const lot = lots.find((candidate) => candidate.purchase !== null && candidate.purchase === entry.reference);
        const fromPack = lot ? Math.min(lot.left, -entry.amount) : 0;
        if (lot) lot.left -= fromPack;
        consumeOldest(lots, -entry.amount - fromPack);
        break;
      }
    }
  }
  const sum = (paid: boolean) => lots.filter((lot) => lot.paid === paid).reduce((total, lot) => total + lot.left, 0);
  const paid = sum(true);
  return { balance: paid + sum(false), paid };
}

function consumeOldest(lots: Lot[], amount: number): { paid: number; granted: number } {
  const took = { paid: 0, granted: 0 };
  let due = amount;
  for (const lot of lots) {
    if (due <= 0) break;
    const share = Math.min(lot.left, due);
    lot.left -= share;
    due -= share;
    if (lot.paid) took.paid += share;
    else took.granted += share;
  }
  return took;
}
