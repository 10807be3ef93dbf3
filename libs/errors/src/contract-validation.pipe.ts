import { ValidationPipe } from '@nestjs/common';
import { validateSync } from '@app/validation';
import { validationErrorFrom } from './validation-errors';

/**
 * The validation applied at both edges: the gateway's HTTP input and every service's
 * message payload. Unknown fields are refused, values are converted to their declared types.
 */
export function contractValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: validationErrorFrom,
    // Not Nest's default (the package's index): see @app/validation. Synchronous, since no
    // constraint of ours is async: the async form costs two promises per validated value
    // for nothing (validateSync would skip an async constraint: keep them sync).
    validatorPackage: { validate: (object, options) => validateSync(object as object, options) },
  });
}
