import type { InvoiceCountry } from '@app/contracts';

/**
 * Prices are VAT-inclusive (as shown to the buyer): the net is the total less the VAT it
 * contains, rounded to the minor unit, and the VAT is what remains, so net + VAT = total.
 */
export function splitVat(total: number, ratePercent: number): { net: number; vat: number } {
  const net = Math.round((total * 100) / (100 + ratePercent));
  return { net, vat: total - net };
}

/** Minor units to the decimal string of an invoice: 17900 → `179.00`; negative for a credit note. */
export function formatAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Saudi VAT numbers are 15 digits starting and ending with 3; a UAE TRN is 15 digits. */
export function isVatNumber(country: InvoiceCountry, value: string): boolean {
  return country === 'SA' ? /^3\d{13}3$/.test(value) : /^\d{15}$/.test(value);
}
