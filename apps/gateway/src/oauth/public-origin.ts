import type { IncomingMessage } from 'node:http';

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

function first(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
}

/**
 * The origin clients reach the gateway at: PUBLIC_URL when set (production), else the request's
 * own host, and the ingress's X-Forwarded-Proto/Host when proxies are trusted. The OAuth issuer
 * and the /mcp audience are built from it.
 */
export function publicOriginOf(request: IncomingMessage, publicUrl: string | undefined, trustProxy: boolean): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const forwardedProto = trustProxy ? first(request.headers['x-forwarded-proto']) : undefined;
  const forwardedHost = trustProxy ? first(request.headers['x-forwarded-host']) : undefined;
  const proto = forwardedProto === 'https' ? 'https' : 'http';
  const host = forwardedHost ?? first(request.headers.host);
  return `${proto}://${host && HOST.test(host) ? host.toLowerCase() : 'localhost'}`;
}

export const mcpResourceUrl = (origin: string) => `${origin}/mcp`;
export const oauthIssuer = (origin: string) => `${origin}/oauth`;
/** The REST API as an OAuth protected resource (RFC 8707 resource indicator). */
export const restResourceUrl = (origin: string) => `${origin}/v1`;
