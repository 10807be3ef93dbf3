import { authorizeMcpClient } from '../oauth/oauth-client';
import type { Workload } from './load';
import type { Platform } from './platforms';

/** The search both sides answer: the demo catalogue's Riyadh listings, a page of 20. */
export const SEARCH = { city: 'Riyadh', limit: 20 };
const SEARCH_QUERY = new URLSearchParams({ city: SEARCH.city, limit: String(SEARCH.limit) }).toString();

/** `GET /v1/properties` with SEARCH, as a site calls it (public: no credential). */
export const restSearchWorkload: Workload = {
  method: 'GET',
  paths: [`/v1/properties?${SEARCH_QUERY}`],
};

/** `tools/call buyer_search_properties` with SEARCH, as an assistant sends it over Streamable HTTP. */
export function mcpSearchWorkload(accessToken: string): Workload {
  return {
    method: 'POST',
    paths: ['/mcp'],
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    bodies: [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'buyer_search_properties', arguments: SEARCH } },
    ],
  };
}

/**
 * An access token for /mcp as an assistant gets one (dynamic registration, PKCE, the demo user's
 * login and consent), on a standalone platform started with its demo.
 */
export async function mcpAccessToken(platform: Platform): Promise<string> {
  const login = platform.demoLogins?.find((l) => l.role !== 'moderator');
  if (!login) throw new Error('the demo seed made no user to sign in as');
  const oauth = await authorizeMcpClient(platform.baseUrl, login);
  return oauth.saved?.access_token as string;
}
