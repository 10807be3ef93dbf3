import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode, NumberType } from 'libphonenumber-js/max';

/**
 * How a number written without its country code is read. `050 123 4567` is a valid mobile
 * number in both Saudi Arabia and the UAE: it is read as Saudi (most of the platform's users),
 * and as Emirati only when it is not a Saudi mobile number (`052…`). An Emirati number whose
 * national form is also Saudi must be written with +971 or 00971.
 */
export const NATIONAL_NUMBER_COUNTRIES: readonly CountryCode[] = ['SA', 'AE'];

/** The OpenAPI description shared by every phone field (the gateway's DTOs add it). */
export const PHONE_NUMBER_DESCRIPTION =
  'A mobile number, stored as E.164. National forms are read as Saudi, then Emirati (050 123 4567 → ' +
  '+966501234567; write +971 for an Emirati number that is also a Saudi one); +966…, 00966… and ' +
  'Arabic-Indic digits (٠٥٠١٢٣٤٥٦٧) are accepted.';

/** Longer than anything a person types for one number: refused before parsing. */
const MAX_INPUT_LENGTH = 32;

/** `FIXED_LINE_OR_MOBILE`: plans (the US, …) whose numbers do not say which they are. */
const MOBILE_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits as ASCII digits. */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });
}

/**
 * The mobile number a person typed, in E.164 (`+966501234567`), or null when it is not a valid
 * mobile number of its numbering plan. International forms (`+…`, `00…`) keep their country.
 */
export function normalizeMobileNumber(input: string): string | null {
  const value = toAsciiDigits(input).trim();
  if (value === '' || value.length > MAX_INPUT_LENGTH) return null;
  for (const country of NATIONAL_NUMBER_COUNTRIES) {
    const parsed = parsePhoneNumberFromString(value, country);
    const type = parsed?.isValid() ? parsed.getType() : undefined;
    if (parsed && type && MOBILE_TYPES.has(type)) return parsed.number;
  }
  return null;
}
