import { plainToInstance } from 'class-transformer';
import { validateSync } from '@app/validation';
import { DecisionRequestBody, PROPERTY_TYPES } from '@app/contracts';
import { AppError, flattenValidationErrors, validationErrorFrom } from '@app/errors';

/**
 * The body of POST /v1/decisions, checked (spec 2.1, both forms): 422 validation_error
 * naming the first offending field. No type coercion: `"price": "100"` is an error, not a number.
 */
export function validateDecisionBody(body: unknown): DecisionRequestBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('validation_error', 'The body must be a JSON object with property, location and reasoning.', {
      field: 'body',
    });
  const request = plainToInstance(DecisionRequestBody, body);
  const errors = validateSync(request, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) throw propertyTypeError(errors) ?? validationErrorFrom(errors);
  const { lat, lng } = request.location;
  if ((lat === undefined) !== (lng === undefined))
    throw new AppError('validation_error', 'location.lat and location.lng go together.', {
      field: lat === undefined ? 'location.lat' : 'location.lng',
    });
  return request;
}

/** Shape B has its own code for an unknown property type, with the allowed values. */
function propertyTypeError(errors: Parameters<typeof flattenValidationErrors>[0]): AppError | undefined {
  const problems = flattenValidationErrors(errors);
  const first = problems[0];
  if (first?.field !== 'property.type' || first.constraint !== 'isIn') return undefined;
  return new AppError('validation_error', `property.type must be one of: ${PROPERTY_TYPES.join(', ')}.`, {
    field: 'property.type',
    nestedCode: 'INVALID_PROPERTY_TYPE',
    details: { allowed: [...PROPERTY_TYPES] },
  });
}
