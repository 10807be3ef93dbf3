import { ValidateIf } from 'class-validator/cjs/decorator/common/ValidateIf';

/**
 * The field may be left out, and when it is sent, null included, its other rules apply.
 * `IsOptional` also lets `null` through, which a PATCH then writes into a NOT NULL column
 * (a 500 instead of a 422 naming the field).
 */
export function IsOmittable(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
