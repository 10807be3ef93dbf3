import { ValidationPipe } from '@nestjs/common';
import type { ArgumentMetadata, ValidationPipeOptions } from '@nestjs/common';
import { classToPlain, plainToInstance } from 'class-transformer';
import { validateSync } from '@app/validation';
import { validationErrorFrom } from './validation-errors';

/**
 * Nest's ValidationPipe, answering synchronously for what nearly every request brings: an object
 * for a contract class. Nest 12's `transform` is async throughout (it awaits the packages, the
 * validator and the exception factory even when all are synchronous): about ten promises per
 * validated value, each also paying the request context's promise hooks, at both edges. The fast
 * path runs the same steps in the same order with the same options; anything else (a primitive,
 * an array, a binary value, a missing value) goes to Nest's own.
 */
class ContractValidationPipe extends ValidationPipe {
  // Nest's signature is Promise<any>; a pipe may answer a plain value (PipesConsumer awaits either).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override transform(value: unknown, metadata: ArgumentMetadata): any {
    const { metatype } = metadata;
    if (
      this.expectedType ||
      !this.isTransformEnabled ||
      !metatype ||
      !this.toValidate(metadata) ||
      typeof value !== 'object' ||
      value === null ||
      Array.isArray(value) ||
      this.isBinary(value)
    )
      return super.transform(value, metadata);
    this.closeArrayGaps(value);
    this.stripProtoKeys(value);
    const entity = plainToInstance(metatype as new () => object, value, this.transformOptions) as {
      constructor?: unknown;
    };
    // As Nest does: class-validator finds the rules by the constructor, set for the validation only.
    const borrowed = entity.constructor !== metatype;
    if (borrowed) entity.constructor = metatype;
    const binaryErrors = this.findNestedBinaryValues(entity);
    if (binaryErrors.length > 0) throw this.exceptionFactory(binaryErrors);
    // The package the options hand Nest (below), called directly: Nest's pipe calls the package of
    // whichever ValidationPipe was constructed last in the process.
    const errors = validateSync(entity, {
      ...this.validatorOptions,
      validationError: { target: false, ...this.validatorOptions.validationError },
    });
    if (borrowed) delete entity.constructor;
    if (errors.length > 0) {
      if (this.validatorOptions.validationError?.value === undefined) this.stripParentErrorValues(errors);
      throw this.exceptionFactory(errors);
    }
    return entity;
  }
}

/**
 * The validation applied at both edges: the gateway's HTTP input and every service's
 * message payload. Unknown fields are refused, values are converted to their declared types.
 */
export function contractValidationPipe(): ValidationPipe {
  const options: ValidationPipeOptions = {
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: validationErrorFrom,
    // The validated object on each error (Nest leaves it off by default): validationErrorFrom reads
    // its class (a @StrictQuery answers invalid_param) and never sends the errors themselves.
    validationError: { target: true },
    // Not Nest's default (the package's index): see @app/validation. Synchronous, since no
    // constraint of ours is async: the async form costs two promises per validated value
    // for nothing (validateSync would skip an async constraint: keep them sync). The fast path
    // above relies on it.
    validatorPackage: { validate: (object, options) => validateSync(object as object, options) },
    // The CommonJS class-transformer our code already loaded, handed over: left to itself, Nest
    // 12's (ESM) pipe runs `import('class-transformer')` for every pipe made before the first
    // resolves (one per @MessageData parameter), and importing CommonJS from ESM on Node 20 starts
    // the async loader, libuv's thread pool and cjs-module-lexer's wasm, and parses the package
    // again: some 4 MB resident per idle service, measured (docs/running.md).
    transformerPackage: { plainToInstance, classToPlain },
  };
  return new ContractValidationPipe(options);
}
