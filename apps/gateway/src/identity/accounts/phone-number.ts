import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';

/** National numbers are read as Saudi first, then Emirati; international ones (+…) as written. */
const DEFAULT_COUNTRIES: readonly CountryCode[] = ['SA', 'AE'];

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits as ASCII digits. */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });
}

/** The number in E.164 (`+966501234567`), or null when it is not a valid phone number. */
export function normalizePhoneNumber(input: string): string | null {
  const value = toAsciiDigits(input).trim();
  if (value === '' || value.length > 32) return null;
  for (const country of DEFAULT_COUNTRIES) {
    const parsed = parsePhoneNumberFromString(value, country);
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}
