import type { FastifyInstance } from 'fastify';
import { AppError } from '@app/errors';

/** A saved search's one-click unsubscribe (RFC 8058): mail clients post `List-Unsubscribe=One-Click` as a form. */
const ONE_CLICK_UNSUBSCRIBE = /^\/v1\/saved-searches\/[^/?]+\/unsubscribe(\?|$)/;

/**
 * HTML forms post `application/x-www-form-urlencoded`: accepted by the login and consent pages
 * and the one-click unsubscribe only; every other API route keeps taking JSON alone (415 otherwise).
 */
export function useInteractionFormBodies(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: Math.min(bodyLimit, 16 * 1024) },
    (request, body, done) => {
      if (!request.url.startsWith('/interaction/') && !ONE_CLICK_UNSUBSCRIBE.test(request.url)) {
        done(new AppError('unsupported_media_type', 'Send the body as application/json.'), undefined);
        return;
      }
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
