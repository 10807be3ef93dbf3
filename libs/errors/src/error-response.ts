import { HttpException } from '@nestjs/common';
import { AppError } from './app-error';
import { errorCodeForFastifyCode, errorCodeForStatus } from './http-status-codes';

const MESSAGES: Partial<Record<string, string>> = {
  invalid_json: 'The request body is not valid JSON.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'Send the body as application/json.',
  not_found: 'No such resource.',
  method_not_allowed: 'Method not allowed on this resource.',
};

interface FrameworkError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/**
 * Turns anything thrown while serving a request into an AppError. `undefined` means
 * the error is not ours to describe: it becomes internal_error and is logged.
 */
export function toAppError(exception: unknown): AppError | undefined {
  if (exception instanceof AppError) return exception;
  if (exception instanceof HttpException) {
    const error = errorCodeForStatus(exception.getStatus());
    if (error === 'internal_error') return undefined;
    return new AppError(error, MESSAGES[error] ?? exception.message);
  }
  const framework = exception as FrameworkError | null;
  const fastifyCode = errorCodeForFastifyCode(framework?.code);
  if (fastifyCode) return new AppError(fastifyCode, MESSAGES[fastifyCode] ?? 'The request is invalid.');
  // Fastify sets statusCode on client errors it raises itself (bad headers, aborted bodies).
  if (typeof framework?.statusCode === 'number' && framework.statusCode >= 400 && framework.statusCode < 500) {
    const error = errorCodeForStatus(framework.statusCode);
    return new AppError(error, MESSAGES[error] ?? 'The request is invalid.');
  }
  return undefined;
}
