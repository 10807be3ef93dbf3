import type { PurchaseProduct } from '@app/contracts';

/** `5:4900,20:17900,50:39900` → pack size to price (minor units). */
export function parsePackPrices(spec: string): Map<number, number> {
  return new Map(spec.split(',').map((pair) => pair.split(':').map(Number) as [number, number]));
}

/** What a purchase costs and how the provider's page names it. */
export function priceOf(
  prices: { packs: Map<number, number>; leadCredit: number },
  product: PurchaseProduct,
  quantity: number,
): { amount: number; description: string } {
  if (product === 'decision_pack') {
    const amount = prices.packs.get(quantity);
    if (amount === undefined) throw new Error(`no price for a pack of ${quantity}`);
    return { amount, description: `Decision pack: ${quantity} decisions` };
  }
  return { amount: prices.leadCredit * quantity, description: `${quantity} lead credits` };
}

/** The part of a pack's price a refund of `decisions` of its `size` gives back (rounded to the minor unit). */
export function refundAmount(price: number, decisions: number, size: number): number {
  return Math.round((price * decisions) / size);
}
