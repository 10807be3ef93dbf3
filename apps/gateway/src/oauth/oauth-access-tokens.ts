import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { createLocalJWKSet } from 'jose';
import { AppError } from '@app/errors';
import { bearerTokenFrom } from '../identity/auth/bearer-token.decorator';
import { verifyOAuthAccessToken } from './access-token-claims';
import type { OAuthKeySet, OAuthTokenClaims } from './access-token-claims';
import { OAuthAccountsRepository } from './oauth-accounts.repository';
import type { UserPrincipal } from './oauth-accounts.repository';
import { OAuthServer } from './oauth-server.service';
import { mcpResourceUrl, oauthIssuer, restResourceUrl } from './public-origin';

/** The two protected resources of the authorization server: the MCP endpoint and the REST API. */
export type ProtectedResource = 'mcp' | 'rest';

const RESOURCES: Record<ProtectedResource, { url: (origin: string) => string; path: string; name: string }> = {
  mcp: { url: mcpResourceUrl, path: 'mcp', name: 'the MCP server (/mcp)' },
  rest: { url: restResourceUrl, path: 'v1', name: 'the REST API (/v1)' },
};

/** A verified access token: whom it stands for and what it was granted. */
export interface OAuthAuthentication {
  principal: UserPrincipal;
  token: string;
  claims: OAuthTokenClaims;
  scopes: string[];
  resource: string;
  /** Where the protected-resource metadata is (RFC 9728), for the challenge of a later refusal. */
  resourceMetadata: string;
}

/** A refused token: the contract's error and the `WWW-Authenticate` challenge that goes with it (RFC 6750). */
export class OAuthTokenRefused extends Error {
  constructor(
    readonly error: AppError,
    readonly resourceMetadata: string,
    /** Extra challenge parameters, e.g. `, error="invalid_token"`. */
    readonly challenge = '',
  ) {
    super(error.message);
  }

  get wwwAuthenticate(): string {
    return `Bearer resource_metadata="${this.resourceMetadata}"${this.challenge}`;
  }
}

export function insufficientScope(message: string, resourceMetadata: string, scope?: string): OAuthTokenRefused {
  return new OAuthTokenRefused(
    new AppError('insufficient_scope', message),
    resourceMetadata,
    `, error="insufficient_scope"${scope ? `, scope="${scope}"` : ''}`,
  );
}

interface BearerRequest {
  raw: IncomingMessage;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The access tokens of our authorization server, as each protected resource checks them: a JWT
 * for that resource's audience (a /mcp token is refused on /v1 and the reverse), from a grant
 * that still stands, and not revoked one by one at the revocation endpoint. The grant and the
 * revocation are read from PostgreSQL on every request, so a revocation holds on every replica
 * at once.
 */
@Injectable()
export class OAuthAccessTokens {
  private readonly keySet: OAuthKeySet;

  constructor(
    private readonly oauth: OAuthServer,
    private readonly accounts: OAuthAccountsRepository,
  ) {
    this.keySet = createLocalJWKSet({ keys: oauth.keys.verifying });
  }

  resourceMetadataUrl(request: BearerRequest, which: ProtectedResource): string {
    return `${this.oauth.originOf(request.raw)}/.well-known/oauth-protected-resource/${RESOURCES[which].path}`;
  }

  /** The principal and scopes of the request's token for this resource; OAuthTokenRefused otherwise. */
  async authenticate(request: BearerRequest, which: ProtectedResource): Promise<OAuthAuthentication> {
    const origin = this.oauth.originOf(request.raw);
    const resource = RESOURCES[which].url(origin);
    const resourceMetadata = this.resourceMetadataUrl(request, which);
    const invalid = (message: string) =>
      new OAuthTokenRefused(new AppError('invalid_token', message), resourceMetadata, ', error="invalid_token"');

    const token = bearerTokenFrom(request.headers.authorization);
    if (!token) {
      throw new OAuthTokenRefused(
        new AppError('unauthorized', 'Connect with OAuth: send an access token for this server.'),
        resourceMetadata,
      );
    }
    const claims = await verifyOAuthAccessToken(token, this.keySet, oauthIssuer(origin), resource);
    if (!claims) throw invalid(await this.whyInvalid(token, origin, which));
    const principal = claims.grant_id
      ? await this.accounts.principalOfGrant(claims.sub, claims.grant_id, claims.jti)
      : null;
    if (!principal) throw invalid('This access token was revoked, or its connection was; connect the app again.');
    const scopes = (claims.scope ?? '').split(' ').filter(Boolean);
    return { principal, token, claims, scopes, resource, resourceMetadata };
  }

  /** A token of ours for the other resource says so; anything else is simply invalid. */
  private async whyInvalid(token: string, origin: string, which: ProtectedResource): Promise<string> {
    const other: ProtectedResource = which === 'mcp' ? 'rest' : 'mcp';
    const forOther = await verifyOAuthAccessToken(
      token,
      this.keySet,
      oauthIssuer(origin),
      RESOURCES[other].url(origin),
    );
    return forOther
      ? `This access token is for ${RESOURCES[other].name}, not ${RESOURCES[which].name}: ask for one with resource=${RESOURCES[which].url(origin)}.`
      : 'The access token is invalid, expired or not for this server.';
  }
}
