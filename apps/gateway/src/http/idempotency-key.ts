import { AppError } from '@app/errors';

/** The `Idempotency-Key` header, trimmed; 400 invalid_param when present but empty or longer than 200. */
export function idempotencyKeyFrom(header: string | undefined): string | undefined {
  const key = header?.trim();
  if (key !== undefined && (key.length === 0 || key.length > 200))
    throw new AppError('invalid_param', 'Idempotency-Key must be 1 to 200 characters.', { field: 'Idempotency-Key' });
  return key;
}
