import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator/cjs/decorator/common/ValidateBy';
import type * as PhoneNumber from './phone/phone-number';

/** What every 422 about a phone shows as an example. */
export const PHONE_NUMBER_EXAMPLE = '0501234567 or +971501234567';

/**
 * libphonenumber-js and its metadata (several MB resident) load on the first number checked, so
 * a contract class can carry this rule while the services, which import every contract and
 * never read a number a person typed, never load them (docs/performance.md).
 */
function normalize(value: string): string | null {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { normalizeMobileNumber } = require('./phone/phone-number') as typeof PhoneNumber;
  return normalizeMobileNumber(value);
}

/**
 * A phone field as people type it: the value becomes E.164 before validation (`050 123 4567`
 * → `+966501234567`), and anything that is not a valid mobile number answers 422
 * `validation_error` naming the field, with an example. Every phone the API takes uses it.
 */
export function IsMobileNumber(): PropertyDecorator {
  const toE164 = Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? (normalize(value) ?? value) : value,
  );
  const isE164Mobile = ValidateBy({
    name: 'isMobileNumber',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && normalize(value) === value,
      defaultMessage: (args) =>
        `${args?.property ?? 'phone'} must be a valid mobile number (Saudi or Emirati, or +country code), e.g. ${PHONE_NUMBER_EXAMPLE}`,
    },
  });
  return (target, propertyKey) => {
    toE164(target, propertyKey);
    isE164Mobile(target, propertyKey);
  };
}
