import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppError } from './app-error';
import { databaseUnavailable } from './database-unavailable';
import { toAppError } from './error-response';

/** The Fastify reply surface the renderer needs; kept narrow so both Nest and raw Fastify hooks can call it. */
export interface ErrorReply {
  status(code: number): ErrorReply;
  header(name: string, value: string): ErrorReply;
  send(payload: unknown): unknown;
}

const logger = new Logger('HttpErrors');

/** Renders any error in the contract's shape; an unknown error is logged with an id, never shown. */
export function renderHttpError(exception: unknown, reply: ErrorReply): void {
  const appError = toAppError(exception) ?? databaseUnavailable(exception) ?? internalError(exception);
  const envelope = appError.toEnvelope();
  reply.status(appError.status).header('content-type', 'application/json; charset=utf-8');
  if (typeof envelope.retry_after === 'number') reply.header('retry-after', String(envelope.retry_after));
  reply.send(envelope);
}

function internalError(exception: unknown): AppError {
  const errorId = randomUUID();
  logger.error({ err: exception, error_id: errorId }, 'Unhandled error');
  return new AppError('internal_error', `An unexpected error occurred (error id ${errorId}).`, {
    details: { error_id: errorId },
  });
}
