// The OAuth client side (SDK provider, cookie browser, login and consent) is shared with the MCP bench.
export * from '../../scripts/oauth/oauth-client';
