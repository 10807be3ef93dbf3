/** The five fields of ZATCA's e-invoicing phase 1 QR code for a simplified tax invoice, in tag order. */
export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, e.g. 2026-11-27T15:19:42Z. */
  timestamp: string;
  /** Invoice total with VAT, e.g. `179.00`. */
  total: string;
  /** VAT total, e.g. `23.35`. */
  vat: string;
}

const TAGS: (keyof ZatcaFields)[] = ['sellerName', 'vatNumber', 'timestamp', 'total', 'vat'];

/**
 * Tag-length-value (tag and length one byte each, value UTF-8), concatenated and base64
 * encoded: what the QR code on a Saudi simplified tax invoice carries (ZATCA, phase 1).
 * Lengths count bytes, so an Arabic seller name counts two bytes a letter.
 */
export function zatcaQr(fields: ZatcaFields): string {
  const parts = TAGS.map((name, index) => {
    const value = Buffer.from(fields[name], 'utf8');
    if (value.length > 255) throw new Error(`ZATCA QR field ${name} is longer than 255 bytes`);
    return Buffer.concat([Buffer.from([index + 1, value.length]), value]);
  });
  return Buffer.concat(parts).toString('base64');
}

/** The fields back from a ZATCA QR payload (what a verifier app reads). */
export function decodeZatcaQr(base64: string): Record<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const fields: Record<number, string> = {};
  for (let at = 0; at < bytes.length;) {
    const tag = bytes[at];
    const length = bytes[at + 1];
    fields[tag] = bytes.subarray(at + 2, at + 2 + length).toString('utf8');
    at += 2 + length;
  }
  return fields;
}
