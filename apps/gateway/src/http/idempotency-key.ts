import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { AppError } from '@app/errors';

/** The `Idempotency-Key` header, trimmed; 400 invalid_param when present but empty or longer than 200. */
export function idempotencyKeyFrom(header: string | string[] | undefined): string | undefined {
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (key !== undefined && (key.length === 0 || key.length > 200))
    throw new AppError('invalid_param', 'Idempotency-Key must be 1 to 200 characters.', { field: 'Idempotency-Key' });
  return key;
}

/**
 * The validated `Idempotency-Key` of the request, or undefined. A custom parameter decorator
 * rather than `@Headers('idempotency-key')`, which the OpenAPI generator would document as a
 * second, required, lower-case header: the optional one is `IdempotencyKeyHeader()`.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  idempotencyKeyFrom(
    context.switchToHttp().getRequest<{ headers: Record<string, string | string[]> }>().headers['idempotency-key'],
  ),
);

export const IdempotencyKeyHeader = (description: string) =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description,
    schema: { type: 'string', minLength: 1, maxLength: 200 },
  });
