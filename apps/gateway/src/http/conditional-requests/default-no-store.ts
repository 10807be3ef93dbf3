import type { FastifyInstance } from 'fastify';
import { NO_STORE } from './cache-policy';

/**
 * Every /v1 answer that chose no `Cache-Control` gets `no-store`: personal and unpublished
 * answers (a workspace's listings, a buyer's inquiries, a 404 for an unpublished listing) are
 * never kept, not even by a heuristic cache. Routes that may be kept say so themselves.
 */
export function useDefaultNoStore(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', NO_STORE);
    done(null, payload);
  });
}
