import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { DynamicModule } from '@nestjs/common';
import { currentRequestId } from './request-context';
import { traceLogFields, tracingEnabled } from './tracing/tracing';

export interface LoggingOptions {
  level: string;
  app: string;
}

/**
 * Paths pino removes before writing: credentials never reach a log line. Bodies are
 * not logged at all, so passwords in sign-up or login bodies cannot leak either.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'password',
  'token',
  'secret',
  '*.password',
  '*.token',
  '*.secret',
];

export function loggingModule(options: LoggingOptions): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level: options.level,
      base: { app: options.app },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      messageKey: 'message',
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
      mixin: tracingEnabled() ? () => ({ ...requestIdField(), ...traceLogFields() }) : requestIdField,
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: stripQuery(req.url),
        }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      autoLogging: { ignore: (req: IncomingMessage) => (req.url ?? '').includes('/health/') },
    },
  });
}

function requestIdField(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId ? { request_id: requestId } : {};
}

/** Query strings can carry search terms of a person; keep logs to the path. */
function stripQuery(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

export function newInstanceId(app: string): string {
  return `${app}-${randomUUID().slice(0, 8)}`;
}
