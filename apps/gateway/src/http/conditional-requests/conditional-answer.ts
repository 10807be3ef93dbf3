import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachePolicy } from './cache-policy';
import { ifNoneMatchHits } from './entity-tag';

/**
 * Sets the validator and cache headers of a 200 or 304 (RFC 9110 15.4.5: a 304 carries the
 * headers the 200 would have), and says whether the client's copy is current.
 */
export function answerConditionally(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  policy: CachePolicy,
): 'not-modified' | 'full' {
  void reply.header('etag', etag).header('cache-control', policy.cacheControl);
  if (policy.vary) void reply.header('vary', mergedVary(reply.getHeader('vary'), policy.vary));
  if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return 'full';
  void reply.status(304);
  return 'not-modified';
}

function mergedVary(current: unknown, added: string): string {
  const names = typeof current === 'string' && current ? current.split(',').map((name) => name.trim()) : [];
  for (const name of added.split(',').map((n) => n.trim()))
    if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.join(', ');
}
