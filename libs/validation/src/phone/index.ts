/**
 * Phone numbers (libphonenumber-js and its metadata): a separate entry, `@app/validation/phone`,
 * so that only the gateway, which reads the numbers people type, loads them (docs/performance.md).
 */
export { IsMobileNumber, PHONE_NUMBER_EXAMPLE } from '../mobile-number';
export {
  NATIONAL_NUMBER_COUNTRIES,
  PHONE_NUMBER_DESCRIPTION,
  normalizeMobileNumber,
  toAsciiDigits,
} from './phone-number';
