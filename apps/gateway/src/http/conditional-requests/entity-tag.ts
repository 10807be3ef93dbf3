import { hash } from 'node:crypto';

/** A strong ETag naming `content` (a body, or what a body is made from): the same content, the same tag. */
export function entityTag(content: string): string {
  // One-shot: no Hash object per call (a conditional GET tags every answer).
  return `"${hash('sha256', content, 'base64url').slice(0, 32)}"`;
}

/**
 * RFC 9110 13.1.2: `If-None-Match` uses the weak comparison (`W/"x"` matches `"x"`), takes a list,
 * and `*` matches any current representation.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return value.split(',').some((tag) => opaque(tag) === wanted);
}
