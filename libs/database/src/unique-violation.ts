import { QueryFailedError } from 'typeorm';
import { AppError } from '@app/errors';

/**
 * PostgreSQL's unique_violation (23505), with the constraint that fired ('' when the driver
 * names none); undefined for any other error. Repositories translate it into a domain error.
 */
export function uniqueViolation(err: unknown): string | undefined {
  if (!(err instanceof QueryFailedError)) return undefined;
  const driverError = err.driverError as { code?: unknown; constraint?: unknown } | undefined;
  if (driverError?.code !== '23505') return undefined;
  return typeof driverError.constraint === 'string' ? driverError.constraint : '';
}

/** Runs a write; a unique violation becomes 409 conflict with the message its constraint maps to. */
export async function translatingUniqueViolations<T>(
  write: () => Promise<T>,
  messages: Record<string, string>,
  fallback = 'That already exists.',
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === undefined) throw err;
    throw new AppError('conflict', messages[constraint] ?? fallback);
  }
}
