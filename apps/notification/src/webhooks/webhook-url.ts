import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type Resolve = (host: string) => Promise<string[]>;

export const resolveHost: Resolve = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address);

/** Public unicast only: no loopback, private, link-local (cloud metadata), multicast or reserved ranges. */
function isPublic(address: string): boolean {
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || (ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback');
}

/**
 * Why a webhook URL is refused, or null when it is acceptable. In production only https to
 * public addresses (every address the name resolves to), so a webhook cannot reach into the
 * platform's network (SSRF); in development and tests http to the loopback is allowed too.
 */
export async function webhookUrlProblem(
  raw: string,
  production: boolean,
  resolve: Resolve = resolveHost,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http(s) URL';
  }
  if (url.username || url.password) return 'url must not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!production && isLoopbackHost(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'url must use https';
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  } catch {
    return `url host ${host} does not resolve`;
  }
  if (addresses.length === 0 || !addresses.every(isPublic)) return 'url must point to a public address';
  return null;
}
