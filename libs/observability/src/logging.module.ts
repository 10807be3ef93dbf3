import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Logger } from 'pino';
import { LoggerModule, PARAMS_PROVIDER_TOKEN, PinoLogger } from 'nestjs-pino';
import type { Params } from 'nestjs-pino';
import type { DynamicModule, Provider } from '@nestjs/common';
import { currentRequestId, currentRequestStore } from './request-context';
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
  const module = LoggerModule.forRoot({ pinoHttp: { logger: root }, forRoutes: [] });
  return {
    ...module,
    providers: (module.providers ?? []).map((provider) => (provider === PinoLogger ? REQUEST_PINO_LOGGER : provider)),
  };
}

/**
 * nestjs-pino's PinoLogger (behind its Logger, the one Nest logs through) reading the request's
 * logger from the platform's request store; the root logger outside a request. nestjs-pino 5
 * keeps its own store private, so the platform's store cannot be handed to it.
 */
export class RequestPinoLogger extends PinoLogger {
  override get logger(): Logger {
    return currentRequestStore()?.logger ?? super.logger;
  }
}

const REQUEST_PINO_LOGGER: Provider = {
  provide: PinoLogger,
  inject: [PARAMS_PROVIDER_TOKEN],
  useFactory: (params: Params) => new RequestPinoLogger(params),
};

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
