import { plainToInstance } from 'class-transformer';
import { validateSync } from '@app/validation';
import { IsMobileNumber } from '../mobile-number';
import { normalizeMobileNumber, toAsciiDigits } from './phone-number';

describe('normalizeMobileNumber', () => {
  it('should read a national number as Saudi when it is a Saudi mobile number', () => {
    expect(normalizeMobileNumber('0501234567')).toBe('+966501234567');
    expect(normalizeMobileNumber('050 123 4567')).toBe('+966501234567');
    expect(normalizeMobileNumber('050-123-4567')).toBe('+966501234567');
    expect(normalizeMobileNumber('501234567')).toBe('+966501234567');
  });

  it('should fall back to the UAE when the national number is a mobile number only there', () => {
    expect(normalizeMobileNumber('0521234567')).toBe('+971521234567');
    expect(normalizeMobileNumber('052 123 4567')).toBe('+971521234567');
  });

  it('should keep the country of an international number when it starts with + or 00', () => {
    expect(normalizeMobileNumber('+966 50 123 4567')).toBe('+966501234567');
    expect(normalizeMobileNumber('+966-50-123-4567')).toBe('+966501234567');
    expect(normalizeMobileNumber('00966501234567')).toBe('+966501234567');
    expect(normalizeMobileNumber('+971 50 123 4567')).toBe('+971501234567');
    expect(normalizeMobileNumber('00971 50 123 4567')).toBe('+971501234567');
    expect(normalizeMobileNumber('+44 7911 123456')).toBe('+447911123456');
  });

  it('should accept Arabic-Indic and Eastern Arabic-Indic digits when the number is typed in Arabic', () => {
    expect(normalizeMobileNumber('٠٥٠١٢٣٤٥٦٧')).toBe('+966501234567');
    expect(normalizeMobileNumber('٠٥٠ ١٢٣ ٤٥٦٧')).toBe('+966501234567');
    expect(normalizeMobileNumber('+٩٦٦٥٠١٢٣٤٥٦٧')).toBe('+966501234567');
    expect(normalizeMobileNumber('۰۵۰۱۲۳۴۵۶۷')).toBe('+966501234567');
    expect(normalizeMobileNumber('+۹۷۱۵۲۱۲۳۴۵۶۷')).toBe('+971521234567');
  });

  it('should answer null when the number is a landline, not a mobile number', () => {
    expect(normalizeMobileNumber('011 234 5678')).toBeNull();
    expect(normalizeMobileNumber('+966 11 234 5678')).toBeNull();
  });

  it('should answer null when the number is not valid in its numbering plan', () => {
    expect(normalizeMobileNumber('12345')).toBeNull();
    expect(normalizeMobileNumber('+966123')).toBeNull();
    expect(normalizeMobileNumber('05012345678')).toBeNull();
    expect(normalizeMobileNumber('+971 50 123 45678')).toBeNull();
    expect(normalizeMobileNumber('not a phone')).toBeNull();
    expect(normalizeMobileNumber('')).toBeNull();
    expect(normalizeMobileNumber('0'.repeat(40))).toBeNull();
  });
});

describe('toAsciiDigits', () => {
  it('should leave other characters alone when converting digits', () => {
    expect(toAsciiDigits('+٩٦٦ 5x')).toBe('+966 5x');
  });
});

class Contact {
  @IsMobileNumber()
  phone: unknown;
}

describe('IsMobileNumber', () => {
  const check = (phone: unknown) => {
    const contact = plainToInstance(Contact, { phone });
    return { phone: contact.phone, errors: validateSync(contact) };
  };

  it('should store the E.164 form when a person types a local number', () => {
    expect(check('٠٥٠ ١٢٣ ٤٥٦٧')).toEqual({ phone: '+966501234567', errors: [] });
  });

  it('should name the field and give an example when the number is not a mobile number', () => {
    const { errors } = check('011 234 5678');
    expect(errors).toHaveLength(1);
    expect(errors[0].property).toBe('phone');
    expect(errors[0].constraints?.isMobileNumber).toMatch(/^phone must be a valid mobile number.*e\.g\. 0501234567/);
  });

  it('should refuse a value that is not a string', () => {
    expect(check(501234567).errors).toHaveLength(1);
  });
});
