import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * Security headers by kind of route, and CORS from an allow-list. JSON answers may not be
 * framed or sniffed and load nothing; images likewise, but any origin may embed them; the docs page may load its own scripts and styles
 * (Swagger UI's inline styles included); the HTML pages to come (consent, widget) get the
 * strict page policy: their own assets only, no framing except where they say so.
 * helmet's middleware is built once per kind, not per request (as @fastify/helmet would):
 * this runs on every request of the gateway's hot path.
 */
export type RouteKind = 'api' | 'image' | 'script' | 'docs' | 'page';

const API_CSP = { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] };

const POLICIES: Record<RouteKind, HelmetOptions> = {
  api: { contentSecurityPolicy: { useDefaults: false, directives: API_CSP } },
  // Listing images are shown by pages of any origin (a broker's own site): not same-origin only.
  image: {
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  },
  // The widget loader, included by the sites that embed the chat: loadable cross-origin.
  script: {
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  },
  docs: {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'none'"],
      },
    },
  },
  page: {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  },
};

export function routeKindOf(url: string): RouteKind {
  if (url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?')) return 'docs';
  if (url.startsWith('/interaction/') || url.startsWith('/widget/')) return 'page';
  if (url === '/widget-demo' || url.startsWith('/widget-demo?')) return 'page';
  if (url === '/widget.js' || url.startsWith('/widget.js?')) return 'script';
  if (url.startsWith('/v1/images/')) return 'image';
  return 'api';
}

/** Origins allowed to call the API from a browser: `CORS_ORIGINS`, comma-separated; none by default. */
export function parseCorsOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

export async function useBrowserSafety(fastify: FastifyInstance, corsOrigins: string[]): Promise<void> {
  const setters: Record<RouteKind, ReturnType<typeof helmet>> = {
    api: helmet(POLICIES.api),
    image: helmet(POLICIES.image),
    script: helmet(POLICIES.script),
    docs: helmet(POLICIES.docs),
    page: helmet(POLICIES.page),
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    setters[routeKindOf(request.url)](request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  await fastify.register(cors, {
    origin: corsOrigins.length > 0 ? corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'if-none-match', 'x-request-id'],
    // A browser client may read the fair-use fields (docs/api.md#fair-use-limits) as well as Retry-After,
    // and the ETag it revalidates with.
    exposedHeaders: ['x-request-id', 'retry-after', 'ratelimit', 'ratelimit-policy', 'etag'],
    maxAge: 600,
  });
}
