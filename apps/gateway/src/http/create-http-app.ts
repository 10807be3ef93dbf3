import type { IncomingMessage } from 'node:http';
import { VersioningType } from '@nestjs/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppExceptionFilter, contractValidationPipe, renderHttpError } from '@app/errors';
import { requestIdFrom, traceHttpServer } from '@app/observability';
import { useBrowserSafety } from './browser-safety';
import { useDefaultNoStore } from './conditional-requests/default-no-store';
import { answerClientError } from './client-errors';
import { useJsonBodyParser } from './json-body-parser';
import { useRequestLogging } from './request-logging';
import { useHttpMetrics } from './http-metrics';
import { useIdempotentReplies } from '../idempotency/idempotent-replies';
import { useMultipartBodies } from '../media/multipart-body';
import { asyncApiDocument } from './asyncapi';
import { mountOpenApi } from './openapi';
import { useInteractionFormBodies } from '../oauth/form-body-parser';
import { OAuthServer } from '../oauth/oauth-server.service';

export interface HttpAppOptions {
  bodyLimitBytes: number;
  /** Browser origins allowed by CORS; empty: none. */
  corsOrigins?: string[];
  trustProxyHops: number;
  publicUrl: string;
}

/**
 * The gateway's HTTP surface, shared by the distributed gateway and standalone: Fastify,
 * /v1 versioning, request ids, JSON bodies (multipart for image uploads), one validation pipe, one error renderer
 * (Nest's and Fastify's own errors included), and the OpenAPI document.
 */
export async function createHttpApp(rootModule: Type, options: HttpAppOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimitBytes,
    // On SIGTERM the listener closes and the requests already on an open connection are served,
    // not answered with Fastify's own 503 (outside the error contract): a rolling restart loses none.
    return503OnClosing: false,
    // The nearest trustProxyHops addresses are proxies. A function: Fastify 5.12 trusts no
    // address when given a hop count (it used to read it as this).
    trustProxy: options.trustProxyHops > 0 ? trustNearestHops(options.trustProxyHops) : false,
    // The caller's X-Request-Id when it is safe to echo and log, else a new uuid.
    genReqId: (request: IncomingMessage) => requestIdFrom(request.headers['x-request-id']),
    clientErrorHandler: answerClientError,
    // The router's own errors (bad URL encoding, an overlong path parameter) in the contract shape too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
      renderHttpError(error, reply),
  });
  const fastify = adapter.getInstance();
  useHttpMetrics(fastify, ['/oauth']);
  useRequestLogging(fastify);
  // A server span per request when tracing is on (nothing is added when it is off).
  traceHttpServer(fastify);
  useJsonBodyParser(fastify, options.bodyLimitBytes);
  useInteractionFormBodies(fastify, options.bodyLimitBytes);
  await useMultipartBodies(fastify);
  await useBrowserSafety(fastify, options.corsOrigins ?? []);
  useIdempotentReplies(fastify);
  useDefaultNoStore(fastify);
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' });
  app.useGlobalPipes(contractValidationPipe());
  app.useGlobalFilters(new AppExceptionFilter());
  // The OAuth server before Fastify's body parsing and routing (stack-notes "MCP and OAuth").
  const oauth = app.get(OAuthServer, { strict: false });
  app.use('/oauth', oauth.handle);
  await mountOpenApi(app, options.publicUrl);
  const events = asyncApiDocument();
  app.getHttpAdapter().get('/asyncapi.json', (_request, reply) => reply.send(events));
  return app;
}

/** proxy-addr's reading of a hop count: the first `hops` addresses, from the socket's, are trusted proxies. */
export function trustNearestHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
