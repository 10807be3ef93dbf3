import { ValidationPipe } from '@nestjs/common';
import { classToPlain, plainToInstance } from 'class-transformer';
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
    // The validated object on each error (Nest leaves it off by default): validationErrorFrom reads
    // its class (a @StrictQuery answers invalid_param) and never sends the errors themselves.
    validationError: { target: true },
    // Not Nest's default (the package's index): see @app/validation. Synchronous, since no
    // constraint of ours is async: the async form costs two promises per validated value
    // for nothing (validateSync would skip an async constraint: keep them sync).
    validatorPackage: { validate: (object, options) => validateSync(object as object, options) },
    // The CommonJS class-transformer our code already loaded, handed over: left to itself, Nest
    // 12's (ESM) pipe runs `import('class-transformer')` for every pipe made before the first
    // resolves (one per @MessageData parameter), and importing CommonJS from ESM on Node 20 starts
    // the async loader, libuv's thread pool and cjs-module-lexer's wasm, and parses the package
    // again: some 4 MB resident per idle service, measured (docs/running.md).
    transformerPackage: { plainToInstance, classToPlain },
  });
}
