import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Logger } from 'pino';
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

let root: Logger | undefined;

/**
 * The process's pino logger, behind Nest's Logger and PinoLogger (nestjs-pino). The request
 * line and request-scoped loggers are the gateway's Fastify hooks (apps/gateway/src/http/
 * request-logging.ts), not pino-http's middleware: that made a child logger for every request,
 * whether anything logged or not, and ran its own AsyncLocalStorage beside ours.
 */
export function loggingModule(options: LoggingOptions): DynamicModule {
  root = pino({
    level: options.level,
    base: { app: options.app },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    messageKey: 'message',
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: { level: (label) => ({ level: label }) },
    mixin: tracingEnabled() ? () => ({ ...requestIdField(), ...traceLogFields() }) : requestIdField,
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: stripQuery(req.url),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      err: pino.stdSerializers.err,
    },
  });
  // No middleware (forRoutes: none): PinoLogger reads the request's logger from the request store.
  return LoggerModule.forRoot({ pinoHttp: { logger: root }, forRoutes: [] });
}

/** The logger loggingModule made (the platform module makes it before any request). */
export function rootLogger(): Logger {
  if (!root) throw new Error('rootLogger() before loggingModule()');
  return root;
}

function requestIdField(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId ? { request_id: requestId } : {};
}

/** Query strings can carry search terms of a person; keep logs to the path. */
export function stripQuery(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

export function newInstanceId(app: string): string {
  return `${app}-${randomUUID().slice(0, 8)}`;
}
