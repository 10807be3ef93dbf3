import { ValidateBy, buildMessage } from '@app/validation';

/**
 * A number with at most `places` decimals. class-validator's `IsNumber({maxDecimalPlaces})`
 * reads the decimals from `toString()` and throws on exponent forms (`-6e-323`), which a
 * client can send; this checks arithmetically instead.
 */
export function MaxDecimalPlaces(places: number): PropertyDecorator {
  const scale = 10 ** places;
  return ValidateBy({
    name: 'maxDecimalPlaces',
    constraints: [places],
    validator: {
      validate: (value: unknown) =>
        typeof value === 'number' &&
        Number.isFinite(value) &&
        Math.abs(value * scale - Math.round(value * scale)) < 1e-6,
      defaultMessage: buildMessage((each) => `${each}$property must have at most $constraint1 decimal places`),
    },
  });
}
