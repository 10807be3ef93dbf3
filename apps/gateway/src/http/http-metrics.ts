import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { UNMATCHED_ROUTE, httpRouteRecorder, recordHttpRequest } from '@app/observability';

/** The hooks a route or the 404 context already has, then ours. */
function withHook<Hook>(existing: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  return [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), hook];
}

/**
 * `http_requests_total` and `http_request_duration_seconds` by route template, method and
 * status. Each route gets its own onResponse hook when it is registered, holding its template
 * and series, so a request costs two Map gets and two increments: no labels object, no
 * `request.routeOptions` (a fresh object per read). Requests no route matches (Fastify's 404
 * context, where middleware such as the OAuth server answers) are labelled with their
 * middleware mount (`/oauth/*`) or `unmatched`: never with the raw path.
 */
export function useHttpMetrics(fastify: FastifyInstance, middlewareMounts: string[]): void {
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const recorders = new Map(methods.map((method) => [method, httpRouteRecorder(route.url, method)]));
    const record = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      recorders.get(request.method)?.(reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    const existing = route.onResponse ?? [];
    route.onResponse = [...(Array.isArray(existing) ? existing : [existing]), record];
  });

  const unmatched = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const url = request.originalUrl; // middleware may rewrite request.url for its mount
    const mount = middlewareMounts.find(
      (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
    );
    recordHttpRequest(
      mount ? `${mount}/*` : UNMATCHED_ROUTE,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  };
  // Nest sets the 404 handler later; Fastify builds the 404 context's hooks from the options given here.
  const setNotFoundHandler = fastify.setNotFoundHandler.bind(fastify) as (opts: object, handler?: unknown) => unknown;
  Object.assign(fastify, {
    setNotFoundHandler: (opts: object, handler?: unknown) =>
      typeof opts === 'function'
        ? setNotFoundHandler({ onResponse: unmatched }, opts)
        : setNotFoundHandler(
            {
              ...opts,
              onResponse: withHook(
                (opts as { onResponse?: onResponseHookHandler }).onResponse,
                unmatched as onResponseHookHandler,
              ),
            },
            handler,
          ),
  });
}
