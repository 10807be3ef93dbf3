/** Hosts where a plain-http redirect is acceptable: the user's own machine (RFC 8252 section 7.3). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A registered redirect URI must be https, or http on a loopback host; nothing else (no custom schemes yet). */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URL`;
  }
  if (url.hash) return `${uri} must not have a fragment`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return undefined;
  return `${uri} must use https (http only on localhost, 127.0.0.1 or [::1])`;
}
