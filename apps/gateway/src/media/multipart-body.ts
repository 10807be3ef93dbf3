import multipart from '@fastify/multipart';
import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiConsumes, ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import type { ApiBodyOptions } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@app/errors';

interface MultipartRouteConfig {
  multipart?: boolean;
}

/**
 * Marks the route that takes multipart/form-data (it reads the parts itself: `request.parts()`) and
 * documents it: the `body` (upload-bodies.ts) and the 415 every other body gets.
 */
export const AcceptsMultipart = (body: ApiBodyOptions) =>
  applyDecorators(
    RouteConfig({ multipart: true } satisfies MultipartRouteConfig),
    ApiConsumes('multipart/form-data'),
    ApiBody(body),
    ApiUnsupportedMediaTypeResponse({ description: '`unsupported_media_type`: the body is not multipart/form-data' }),
  );

/**
 * multipart/form-data for the routes marked `@AcceptsMultipart()` (image uploads), parsed as a
 * stream by the route with its own limits; every other route still answers 415 to it, as to
 * any body that is not JSON. The limits here are the strict defaults a route relaxes.
 */
export async function useMultipartBodies(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, { limits: { files: 1, fields: 0, parts: 1, fileSize: 1024 } });
  fastify.addHook('preValidation', (request, _reply, done) => {
    const config = request.routeOptions.config as MultipartRouteConfig | undefined;
    if (request.isMultipart() && config?.multipart !== true) {
      done(new AppError('unsupported_media_type', 'Send the body as application/json.'));
    } else done();
  });
}
