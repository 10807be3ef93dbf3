import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RequestStore, rootLogger, runWithRequestStore } from '@app/observability';

const STORE = Symbol('requestStore');
const STARTED_AT = Symbol('requestStartedAt');

type TrackedRequest = FastifyRequest & { [STORE]?: RequestStore; [STARTED_AT]?: number };

/**
 * Request ids, the request's context and its log line, as pino-http and nestjs-pino's
 * middleware did them, at lower cost per request:
 * - the id: the caller's X-Request-Id when safe (genReqId), echoed in the answer;
 * - the context: one store (request id and logger) entered at onRequest, so the OAuth
 *   middleware runs in it, and again at preHandler, since reading a body leaves it; every
 *   promise of the handler (guards, pipes, controller, outgoing messages, logs) inherits it;
 * - the request's child logger (`req: {id, method, url}` on each line) made only when
 *   something logs;
 * - the line `request completed` (info; `request errored`, error, from 500) with `res.status`
 *   and `responseTime`, nothing for health probes, nothing made below the log level.
 */
export function useRequestLogging(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: TrackedRequest, reply, done) => {
    void reply.header('x-request-id', request.id);
    request[STARTED_AT] = Date.now();
    // The URL as received: the OAuth middleware's mount strips its prefix from raw.url.
    const url = request.raw.url ?? request.url;
    const store = new RequestStore(request.id, () =>
      rootLogger().child({ req: { id: request.id, method: request.raw.method ?? request.method, url } }),
    );
    request[STORE] = store;
    runWithRequestStore(store, done);
  });
  fastify.addHook('preHandler', (request: TrackedRequest, _reply, done) => {
    const store = request[STORE];
    if (store) runWithRequestStore(store, done);
    else done();
  });
  fastify.addHook('onResponse', (request: TrackedRequest, reply, done) => {
    const store = request[STORE];
    if (store) runWithRequestStore(store, () => logRequestLine(request, reply, store));
    done();
  });
}

function logRequestLine(request: TrackedRequest, reply: FastifyReply, store: RequestStore): void {
  if (request.url.includes('/health/')) return;
  const statusCode = reply.raw.statusCode;
  const level = statusCode >= 500 ? 'error' : 'info';
  if (!rootLogger().isLevelEnabled(level)) return;
  const responseTime = Date.now() - (request[STARTED_AT] ?? Date.now());
  const log = store.logger;
  if (statusCode >= 500) {
    log.error(
      { res: { statusCode }, err: new Error(`failed with status code ${statusCode}`), responseTime },
      'request errored',
    );
    return;
  }
  const ended = !request.raw.readableAborted && reply.raw.writableEnded;
  log.info({ res: { statusCode }, responseTime }, ended ? 'request completed' : 'request aborted');
}
