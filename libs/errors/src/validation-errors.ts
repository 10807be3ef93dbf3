import { strictQueryOf } from '@app/validation';
import type { ValidationError } from '@app/validation';
import { AppError } from './app-error';

interface FieldProblem {
  field: string;
  constraint: string;
  message: string;
}

/** Flattens class-validator's tree into dotted field paths (`property.area`). */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
      field,
      constraint,
      // class-validator starts messages with the property name; show the full path instead.
      message: message.startsWith(error.property) ? field + message.slice(error.property.length) : message,
    }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/** Constraints that mean "absent" rather than "wrong". */
const MISSING_CONSTRAINTS = new Set(['isDefined', 'isNotEmpty']);

/**
 * 422 validation_error with the first offending field, and shape B's details (a `@StrictQuery`
 * class: 400 invalid_param naming it):
 * MISSING_REQUIRED_FIELDS when fields are absent, INVALID_FIELD_TYPE otherwise.
 */
export function validationErrorFrom(errors: ValidationError[]): AppError {
  const problems = flattenValidationErrors(errors);
  const first = problems[0] ?? { field: 'body', constraint: 'unknown', message: 'The request is invalid.' };
  const strict = strictQueryOf(errors[0]?.target);
  if (strict) {
    const message = first.constraint === 'whitelistValidation' ? strict.unknown(first.field) : first.message;
    return new AppError('invalid_param', message, { field: first.field });
  }
  const missing = [...new Set(problems.filter((p) => MISSING_CONSTRAINTS.has(p.constraint)).map((p) => p.field))];
  if (missing.length > 0) {
    return new AppError('validation_error', `${missing[0]} is required`, {
      field: missing[0],
      nestedCode: 'MISSING_REQUIRED_FIELDS',
      details: { missing },
    });
  }
  const unknownFields = problems.filter((p) => p.constraint === 'whitelistValidation').map((p) => p.field);
  if (unknownFields.length > 0) {
    return new AppError('validation_error', `${unknownFields[0]} is not a recognised field`, {
      field: unknownFields[0],
      details: { fields: unknownFields.map((field) => ({ field, expected: 'absent' })) },
    });
  }
  return new AppError('validation_error', first.message, {
    field: first.field,
    details: {
      fields: problems.map((p) => ({ field: p.field, expected: p.message })),
    },
  });
}
