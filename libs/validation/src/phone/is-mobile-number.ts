import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator/cjs/decorator/common/ValidateBy';
import { normalizeMobileNumber, PHONE_NUMBER_EXAMPLE } from './phone-number';

/**
 * A phone field as people type it: the value becomes E.164 before validation (`050 123 4567`
 * → `+966501234567`), and anything that is not a valid mobile number answers 422
 * `validation_error` naming the field, with an example. Every phone the API takes uses it.
 */
export function IsMobileNumber(): PropertyDecorator {
  const toE164 = Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? (normalizeMobileNumber(value) ?? value) : value,
  );
  const isE164Mobile = ValidateBy({
    name: 'isMobileNumber',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && normalizeMobileNumber(value) === value,
      defaultMessage: (args) =>
        `${args?.property ?? 'phone'} must be a valid mobile number (Saudi or Emirati, or +country code), e.g. ${PHONE_NUMBER_EXAMPLE}`,
    },
  });
  return (target, propertyKey) => {
    toE164(target, propertyKey);
    isE164Mobile(target, propertyKey);
  };
}
