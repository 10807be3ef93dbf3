import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppError } from './app-error';
import type { ErrorEnvelope } from './app-error';
import { databaseUnavailable } from './database-unavailable';

const logger = new Logger('RpcErrors');

/**
 * Every error a message handler throws leaves the service as the registry's envelope,
 * so the gateway rebuilds the same AppError (code, message, extra fields) in both modes.
 */
export function toRpcEnvelope(exception: unknown): ErrorEnvelope {
  if (exception instanceof AppError) return exception.toEnvelope();
  const unavailable = databaseUnavailable(exception);
  if (unavailable) {
    logger.warn({ err: exception }, 'Database unavailable in message handler');
    return unavailable.toEnvelope();
  }
  const errorId = randomUUID();
  logger.error({ err: exception, error_id: errorId }, 'Unhandled error in message handler');
  return new AppError('internal_error', `An unexpected error occurred (error id ${errorId}).`, {
    details: { error_id: errorId },
  }).toEnvelope();
}
