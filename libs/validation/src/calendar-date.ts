import { ValidateBy } from 'class-validator/cjs/decorator/common/ValidateBy';

export const IS_CALENDAR_DATE = 'isCalendarDate';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, `YYYY-MM-DD` (no time, no zone); documented as `format: date`. */
export function IsCalendarDate(): PropertyDecorator {
  return ValidateBy({
    name: IS_CALENDAR_DATE,
    validator: {
      validate: (value: unknown) => typeof value === 'string' && CALENDAR_DATE.test(value),
      defaultMessage: (args) => `${args?.property ?? 'date'} must be a date, YYYY-MM-DD`,
    },
  });
}
