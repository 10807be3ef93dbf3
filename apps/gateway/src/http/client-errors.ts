import type { Socket } from 'node:net';
import { AppError } from '@app/errors';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a raw non-ASCII path, a
 * malformed request line, headers over the size limit) answered in the error contract like
 * every other error, instead of Fastify's own `{"error":"Bad Request","statusCode":400}`.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const message =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request headers are too large.'
      : 'The request is malformed (percent-encode non-ASCII characters in the URL).';
  const error = new AppError('invalid_param', message);
  const body = JSON.stringify(error.toEnvelope());
  socket.end(
    `HTTP/1.1 ${error.status} Bad Request\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
