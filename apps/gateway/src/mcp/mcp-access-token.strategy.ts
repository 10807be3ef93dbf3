import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { Strategy } from 'passport-custom';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { bearerToken } from '../identity/access/strategies/credential-strategy';
import { OAUTH_TOKEN_ALG } from '../oauth/oauth-keys';
import { OAuthAccountsRepository } from '../oauth/oauth-accounts.repository';
import { MCP_SCOPE, OAuthServer } from '../oauth/oauth-server.service';
import { mcpResourceUrl, oauthIssuer } from '../oauth/public-origin';

interface McpTokenClaims extends JWTPayload {
  sub: string;
  client_id?: string;
  scope?: string;
  grant_id?: string;
}

/** A verified /mcp access token: whom it stands for, and what the SDK hands tools as `extra.authInfo`. */
export interface McpAuthentication {
  principal: Extract<Principal, { kind: 'user' }>;
  auth: { token: string; clientId: string; scopes: string[]; expiresAt?: number; resource: URL };
  /** Where the protected-resource metadata is (RFC 9728), for the challenge of a refusal. */
  resourceMetadata: string;
}

/** A refused token: the contract's error and the `WWW-Authenticate` parameters that go with it (RFC 6750). */
export class McpTokenRefused extends Error {
  constructor(
    readonly error: AppError,
    readonly resourceMetadata: string,
    readonly challenge: string,
  ) {
    super(error.message);
  }
}

/**
 * The OAuth access token of /mcp, as a Passport strategy beside the API key and first-party token
 * ones: a JWT our authorization server issued for the /mcp audience, checked for issuer, audience,
 * `typ`, algorithm, expiry and scope, and refused once its grant is revoked (connected app
 * removed, refresh token replayed). McpAuthGuard calls `validate` directly, as the access guard does.
 */
@Injectable()
export class McpAccessTokenStrategy extends PassportStrategy(Strategy, 'mcp-access-token') {
  private readonly keySet: ReturnType<typeof createLocalJWKSet>;

  constructor(
    private readonly oauth: OAuthServer,
    private readonly accounts: OAuthAccountsRepository,
  ) {
    super();
    this.keySet = createLocalJWKSet({ keys: oauth.keys.verifying });
  }

  async validate(request: FastifyRequest): Promise<McpAuthentication> {
    const origin = this.oauth.originOf(request.raw);
    const resource = mcpResourceUrl(origin);
    const resourceMetadata = `${origin}/.well-known/oauth-protected-resource/mcp`;
    const refuse = (error: AppError, challenge = '') => new McpTokenRefused(error, resourceMetadata, challenge);

    const token = bearerToken(request);
    if (!token) throw refuse(new AppError('unauthorized', 'Connect with OAuth: send an access token for this server.'));
    const claims = await this.verify(token, origin, resource);
    if (!claims) {
      throw refuse(
        new AppError('invalid_token', 'The access token is invalid, expired or not for this server.'),
        ', error="invalid_token"',
      );
    }
    const scopes = (claims.scope ?? '').split(' ').filter(Boolean);
    if (!scopes.includes(MCP_SCOPE)) {
      throw refuse(
        new AppError('insufficient_scope', `The access token lacks the "${MCP_SCOPE}" scope.`),
        `, error="insufficient_scope", scope="${MCP_SCOPE}"`,
      );
    }
    const principal = claims.grant_id ? await this.accounts.principalOfGrant(claims.sub, claims.grant_id) : null;
    if (!principal) {
      throw refuse(
        new AppError('invalid_token', 'This connection was revoked; connect the app again.'),
        ', error="invalid_token"',
      );
    }
    return {
      principal,
      auth: { token, clientId: claims.client_id ?? '', scopes, expiresAt: claims.exp, resource: new URL(resource) },
      resourceMetadata,
    };
  }

  private async verify(token: string, origin: string, resource: string): Promise<McpTokenClaims | null> {
    try {
      const { payload } = await jwtVerify<McpTokenClaims>(token, this.keySet, {
        issuer: oauthIssuer(origin),
        audience: resource,
        typ: 'at+jwt',
        algorithms: [OAUTH_TOKEN_ALG],
        requiredClaims: ['sub', 'exp'],
      });
      return typeof payload.sub === 'string' ? payload : null;
    } catch {
      return null;
    }
  }
}
