import type { FastifyInstance } from 'fastify';
import { AppError } from '@app/errors';

/** The body exactly as received: what a payment provider's webhook signature covers. */
export function rawBodyOf(request: object): string | undefined {
  return (request as { rawBody?: string }).rawBody;
}

/**
 * JSON is the only body the API takes. Fastify's parser (with its prototype-poisoning
 * guard) does the parsing; a failure becomes `invalid_json` here, at the source, because
 * Nest re-wraps Fastify's own errors and loses their codes. Other media types get 415.
 */
export function useJsonBodyParser(fastify: FastifyInstance, bodyLimit: number): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    (request as { rawBody?: string }).rawBody = body as string;
    void parseJson(request, body as string, (err, value) => {
      if (err) done(new AppError('invalid_json', 'The request body is not valid JSON.'), undefined);
      else done(null, value);
    });
  });
}
