import { normalizePhoneNumber, toAsciiDigits } from './phone-number';

describe('normalizePhoneNumber', () => {
  it('should read a national number as Saudi when it is valid in Saudi Arabia', () => {
    expect(normalizePhoneNumber('0501234567')).toBe('+966501234567');
    expect(normalizePhoneNumber('050 123 4567')).toBe('+966501234567');
  });

  it('should fall back to the UAE when the national number is valid only there', () => {
    expect(normalizePhoneNumber('0521234567')).toBe('+971521234567');
  });

  it('should keep the country of an international number when it starts with +', () => {
    expect(normalizePhoneNumber('+971 50 123 4567')).toBe('+971501234567');
    expect(normalizePhoneNumber('+966-50-123-4567')).toBe('+966501234567');
  });

  it('should accept Arabic-Indic digits when the number is typed in Arabic', () => {
    expect(normalizePhoneNumber('٠٥٠١٢٣٤٥٦٧')).toBe('+966501234567');
    expect(normalizePhoneNumber('۰۵۰۱۲۳۴۵۶۷')).toBe('+966501234567');
  });

  it('should answer null when the number is not valid anywhere', () => {
    expect(normalizePhoneNumber('12345')).toBeNull();
    expect(normalizePhoneNumber('+966123')).toBeNull();
    expect(normalizePhoneNumber('not a phone')).toBeNull();
    expect(normalizePhoneNumber('')).toBeNull();
    expect(normalizePhoneNumber('0'.repeat(40))).toBeNull();
  });
});

describe('toAsciiDigits', () => {
  it('should leave other characters alone when converting digits', () => {
    expect(toAsciiDigits('+٩٦٦ 5x')).toBe('+966 5x');
  });
});
