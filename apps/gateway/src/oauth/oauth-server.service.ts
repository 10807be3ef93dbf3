import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createLocalJWKSet } from 'jose';
import Provider, { errors } from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC, ResourceServer } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { gatewayConfig } from '../config/gateway.env';
import { IDENTITY_DATABASE } from '../database/identity.database';
import { OAUTH_TOKEN_ALG, oauthKeysFrom } from './oauth-keys';
import type { OAuthKeys } from './oauth-keys';
import { OAuthModelsRepository } from './oauth-models.repository';
import { mcpResourceUrl, oauthIssuer, publicOriginOf, restResourceUrl } from './public-origin';
import { looksLikeOAuthAccessToken, verifyOAuthAccessToken } from './access-token-claims';
import type { OAuthKeySet } from './access-token-claims';
import { REST_SCOPES } from './rest-scopes';
import { recordRevokedAccessToken } from './revoked-access-tokens';
import { oauthErrorPage } from './interaction-pages';
import { redirectUriProblem } from './redirect-uris';

/** The one scope of the MCP resource: what the user's role allows, through the assistant. */
export const MCP_SCOPE = 'mcp';

/** Without PUBLIC_URL the issuer follows the request's host; a few hosts at most (localhost, 127.0.0.1, a LAN name). */
const MAX_ORIGINS = 8;

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

interface Served {
  provider: Provider;
  handle: NodeHandler;
}

/**
 * The OAuth 2.1 authorization server for MCP clients and REST integrations (oidc-provider,
 * stack-notes "MCP and OAuth"): open dynamic registration, authorization code with PKCE S256
 * only (no implicit grant, no `id_token` response types), two protected resources (RFC 8707):
 * the /mcp URL (scope `mcp`) and the REST API `<origin>/v1` (the buyer scopes of rest-scopes.ts),
 * JWT access tokens for one audience each, rotating refresh tokens, revocation of refresh and
 * access tokens, and every model in PostgreSQL so replicas share them.
 */
@Injectable()
export class OAuthServer {
  private readonly served = new Map<string, Served>();
  readonly keys: OAuthKeys;
  private readonly keySet: OAuthKeySet;
  private readonly trustProxy: boolean;

  constructor(
    @InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {
    if (!config.JWT_SIGNING_KEYS) throw new Error('JWT_SIGNING_KEYS is required (the OAuth keys derive from it)');
    this.keys = oauthKeysFrom(config.JWT_SIGNING_KEYS, config.OAUTH_COOKIE_KEYS);
    this.keySet = createLocalJWKSet({ keys: this.keys.verifying });
    this.trustProxy = config.TRUST_PROXY_HOPS > 0;
  }

  originOf(request: IncomingMessage): string {
    return publicOriginOf(request, this.config.PUBLIC_URL, this.trustProxy);
  }

  providerFor(request: IncomingMessage): Provider {
    return this.servedFor(this.originOf(request)).provider;
  }

  /** The Node handler mounted at /oauth (before Fastify parses bodies). */
  readonly handle: NodeHandler = (req, res) => this.servedFor(this.originOf(req)).handle(req, res);

  private servedFor(origin: string): Served {
    let served = this.served.get(origin);
    if (!served) {
      if (this.served.size >= MAX_ORIGINS) return this.served.values().next().value as Served;
      const provider = new Provider(oauthIssuer(origin), this.configuration(origin));
      provider.proxy = this.trustProxy;
      provider.use(this.revokeAccessTokens(oauthIssuer(origin)));
      const callback = provider.callback();
      served = { provider, handle: (req, res) => void callback(req, res) };
      this.served.set(origin, served);
    }
    return served;
  }

  /**
   * RFC 7009 for our JWT access tokens, which oidc-provider refuses to revoke
   * (`unsupported_token_type`: it never stores them). After its revocation endpoint has
   * authenticated the client, a token of ours issued to that client is recorded as revoked
   * (every replica refuses it from the next request on) and the answer is 200; a token of
   * another client is left alone, with the same 200 (oidc-provider's own rule for stored tokens).
   */
  private revokeAccessTokens(issuer: string) {
    return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
      await next();
      const { oidc } = ctx;
      if (oidc?.route !== 'revocation' || ctx.status !== 400 || !oidc.client) return;
      const token = oidc.params?.token;
      if (typeof token !== 'string' || !looksLikeOAuthAccessToken(token)) return;
      const claims = await verifyOAuthAccessToken(token, this.keySet, issuer);
      if (claims && claims.client_id === oidc.client.clientId && typeof claims.exp === 'number') {
        await recordRevokedAccessToken(this.dataSource, {
          jti: claims.jti,
          grantId: claims.grant_id,
          accountId: claims.sub,
          clientId: claims.client_id,
          exp: claims.exp,
        });
      }
      ctx.status = 200;
      ctx.body = '';
    };
  }

  private configuration(origin: string): Configuration {
    const dataSource = this.dataSource;
    const mcpResource = mcpResourceUrl(origin);
    const restResource = restResourceUrl(origin);
    const accessTokenTTL = this.config.OAUTH_ACCESS_TOKEN_TTL_S;
    const refreshTokenTTL = this.config.OAUTH_REFRESH_TOKEN_TTL_S;
    return {
      adapter: (kind: string) => new OAuthModelsRepository(dataSource, kind),
      jwks: { keys: this.keys.signing },
      cookies: { keys: this.keys.cookies },
      clients: [],
      scopes: [MCP_SCOPE, ...REST_SCOPES, 'offline_access'],
      // OAuth 2.1: the authorization code grant only (no implicit, no hybrid `code id_token`).
      responseTypes: ['code'],
      claims: { openid: ['sub'] },
      // oidc-provider 9 knows only S256 (its pkce.methods option is gone); required for every client.
      pkce: { required: () => true },
      clientDefaults: {
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: OAUTH_TOKEN_ALG,
      },
      enabledJWA: { idTokenSigningAlgValues: [OAUTH_TOKEN_ALG] },
      features: {
        devInteractions: { enabled: false },
        // On by default since oidc-provider 9; /mcp takes bearer tokens and checks no DPoP proof.
        dPoP: { enabled: false },
        registration: { enabled: true },
        revocation: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => mcpResource,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, indicator): ResourceServer => {
            const scope = new Map([
              [mcpResource, MCP_SCOPE],
              [restResource, REST_SCOPES.join(' ')],
            ]).get(indicator);
            if (!scope) throw new errors.InvalidTarget(`the resources are ${mcpResource} and ${restResource}`);
            return {
              scope,
              audience: indicator,
              accessTokenTTL,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: OAUTH_TOKEN_ALG } },
            };
          },
        },
      },
      // RFC 7591 `software_id` is the hook for checking the whole registration (redirect URI schemes).
      extraClientMetadata: {
        properties: ['software_id'],
        validator: (_ctx, key, _value, metadata) => {
          if (key !== 'software_id') return;
          for (const uri of metadata.redirect_uris ?? []) {
            const problem = redirectUriProblem(uri);
            if (problem) throw new errors.InvalidRedirectUri(problem);
          }
        },
      },
      // The grant id travels in the JWT so /mcp can refuse tokens of a revoked grant at once.
      extraTokenClaims: (_ctx: KoaContextWithOIDC, token) => ('grantId' in token ? { grant_id: token.grantId } : {}),
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      // The SDK never asks for offline_access: a client registered for refresh gets refresh tokens.
      issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      rotateRefreshToken: true,
      // A refused request that cannot go back to the client (unknown client, redirect URI not registered).
      renderError: (ctx, out) => {
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = oauthErrorPage(out.error, out.error_description);
      },
      findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
      ttl: {
        AccessToken: accessTokenTTL,
        AuthorizationCode: 60,
        Grant: refreshTokenTTL,
        RefreshToken: refreshTokenTTL,
        Interaction: 3600,
        Session: 14 * 86_400,
        IdToken: 3600,
      },
    };
  }
}
