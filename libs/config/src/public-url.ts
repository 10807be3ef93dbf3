/** The gateway's port when PORT is unset (standalone too: everything answers behind it). */
export const DEFAULT_GATEWAY_PORT = 3000;

/**
 * The base of every absolute link the platform hands out (image URLs, links in e-mails, OpenAPI
 * `servers`, the start banner, the widget snippet), without a trailing slash: PUBLIC_URL, else the
 * gateway on this machine, `http://localhost:<PORT>`. Only the gateway's process (and standalone,
 * one process on one port) knows the gateway's PORT: a distributed service's PORT is its own
 * health port, so it passes `gatewayPort: undefined` and assumes the default 3000 (set PUBLIC_URL
 * there, as the deployments do).
 */
export function publicUrlOf(publicUrl: string | undefined, gatewayPort: number | undefined): string {
  // PORT=0 takes any free port at listen time: not known here, so the default stands.
  const base = publicUrl?.trim() || `http://localhost:${gatewayPort || DEFAULT_GATEWAY_PORT}`;
  return base.replace(/\/+$/, '');
}
