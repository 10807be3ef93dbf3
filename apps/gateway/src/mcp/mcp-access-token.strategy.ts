import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import type { Principal } from '@app/contracts';
import { OAuthAccessTokens, insufficientScope } from '../oauth/oauth-access-tokens';
import { MCP_SCOPE } from '../oauth/oauth-server.service';

/** A verified /mcp access token: whom it stands for, and what the SDK hands tools as `extra.authInfo`. */
export interface McpAuthentication {
  principal: Extract<Principal, { kind: 'user' }>;
  auth: { token: string; clientId: string; scopes: string[]; expiresAt?: number; resource: URL };
}

/**
 * The OAuth access token of /mcp, as a Passport strategy beside the API key and first-party token
 * ones: a JWT our authorization server issued for the /mcp audience (OAuthAccessTokens checks
 * issuer, audience, `typ`, algorithm, expiry, the grant and a one-by-one revocation) with the
 * `mcp` scope. McpAuthGuard calls `validate` directly, as the access guard does; a refusal is an
 * OAuthTokenRefused carrying its `WWW-Authenticate` challenge.
 */
@Injectable()
export class McpAccessTokenStrategy extends PassportStrategy(Strategy, 'mcp-access-token') {
  constructor(private readonly tokens: OAuthAccessTokens) {
    super();
  }

  async validate(request: FastifyRequest): Promise<McpAuthentication> {
    const { principal, token, claims, scopes, resource, resourceMetadata } = await this.tokens.authenticate(
      request,
      'mcp',
    );
    if (!scopes.includes(MCP_SCOPE)) {
      throw insufficientScope(`The access token lacks the "${MCP_SCOPE}" scope.`, resourceMetadata, MCP_SCOPE);
    }
    return {
      principal,
      auth: { token, clientId: claims.client_id ?? '', scopes, expiresAt: claims.exp, resource: new URL(resource) },
    };
  }
}
