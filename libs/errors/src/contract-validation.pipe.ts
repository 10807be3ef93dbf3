import { ValidationPipe } from '@nestjs/common';
import { validate } from '@app/validation';
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
    // Not Nest's default (the package's index): see @app/validation.
    validatorPackage: { validate },
  });
}
