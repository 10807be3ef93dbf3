/**
 * class-validator, loaded one file per validator. The package's index loads all of its
 * validators and libphonenumber-js's metadata (several MB resident) into every process that
 * imports it; services, libs and scripts take only what they use from here. The metadata
 * storage and container are the package's globals, so these decorators and the gateway's
 * own imports of the package describe and validate the same classes.
 */
import { getFromContainer } from 'class-validator/cjs/container';
import { Validator } from 'class-validator/cjs/validation/Validator';
import type { ValidationError, ValidatorOptions } from 'class-validator';
import { cacheValidationMetadata } from './metadata-cache';

cacheValidationMetadata();

export type { ValidationArguments, ValidationError, ValidationOptions, ValidatorOptions } from 'class-validator';

export { ArrayMaxSize } from 'class-validator/cjs/decorator/array/ArrayMaxSize';
export { ArrayMinSize } from 'class-validator/cjs/decorator/array/ArrayMinSize';
export { ArrayUnique } from 'class-validator/cjs/decorator/array/ArrayUnique';
export { IsDefined } from 'class-validator/cjs/decorator/common/IsDefined';
export { IsIn } from 'class-validator/cjs/decorator/common/IsIn';
export { IsLatitude } from 'class-validator/cjs/decorator/common/IsLatitude';
export { IsLongitude } from 'class-validator/cjs/decorator/common/IsLongitude';
export { IsNotEmpty } from 'class-validator/cjs/decorator/common/IsNotEmpty';
export { IsOptional } from 'class-validator/cjs/decorator/common/IsOptional';
export { ValidateBy, buildMessage } from 'class-validator/cjs/decorator/common/ValidateBy';
export { ValidateIf } from 'class-validator/cjs/decorator/common/ValidateIf';
export { ValidateNested } from 'class-validator/cjs/decorator/common/ValidateNested';
export { IsPositive } from 'class-validator/cjs/decorator/number/IsPositive';
export { Max } from 'class-validator/cjs/decorator/number/Max';
export { Min } from 'class-validator/cjs/decorator/number/Min';
export { IsEmail, isEmail } from 'class-validator/cjs/decorator/string/IsEmail';
export { IsISO8601 } from 'class-validator/cjs/decorator/string/IsISO8601';
export { IsUUID, isUUID } from 'class-validator/cjs/decorator/string/IsUUID';
export { IsUrl } from 'class-validator/cjs/decorator/string/IsUrl';
export { Length } from 'class-validator/cjs/decorator/string/Length';
export { IsTimeZone } from 'class-validator/cjs/decorator/string/IsTimeZone';
export { Matches } from 'class-validator/cjs/decorator/string/Matches';
export { MaxLength } from 'class-validator/cjs/decorator/string/MaxLength';
export { MinLength } from 'class-validator/cjs/decorator/string/MinLength';
export { IsArray } from 'class-validator/cjs/decorator/typechecker/IsArray';
export { IsBoolean } from 'class-validator/cjs/decorator/typechecker/IsBoolean';
export { IsInt } from 'class-validator/cjs/decorator/typechecker/IsInt';
export { IsNumber } from 'class-validator/cjs/decorator/typechecker/IsNumber';
export { IsObject } from 'class-validator/cjs/decorator/typechecker/IsObject';
export { IsString } from 'class-validator/cjs/decorator/typechecker/IsString';
export { IS_CALENDAR_DATE, IsCalendarDate } from './calendar-date';
export { IsMobileNumber, PHONE_NUMBER_EXAMPLE } from './mobile-number';
export { IsOmittable } from './omittable';
export { StrictQuery, strictQueryOf } from './strict-query';

/** The package's `validate`, without its index. */
export function validate(object: object, options?: ValidatorOptions): Promise<ValidationError[]> {
  return getFromContainer(Validator).validate(object, options);
}

/** The package's `validateSync`, without its index. */
export function validateSync(object: object, options?: ValidatorOptions): ValidationError[] {
  return getFromContainer(Validator).validateSync(object, options);
}
