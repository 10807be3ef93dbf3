import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { AppError } from '@app/errors';
import type { RequestWithPrincipal } from '../identity/access/access.decorators';
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

/** What the SDK hands tools as `extra.authInfo`. */
interface RawWithAuth {
  auth?: { token: string; clientId: string; scopes: string[]; expiresAt?: number; resource?: URL };
}

/**
 * Bearer tokens of /mcp: JWTs our authorization server issued for the /mcp audience, checked
 * for issuer, audience, `typ`, algorithm, expiry and scope, and refused once their grant is
 * revoked (connected app removed, refresh token replayed). A refusal says where the
 * protected-resource metadata is (RFC 9728), so a client can start the OAuth flow.
 */
@Injectable()
export class McpAuthGuard implements CanActivate {
  private readonly keySet: ReturnType<typeof createLocalJWKSet>;

  constructor(
    private readonly oauth: OAuthServer,
    private readonly accounts: OAuthAccountsRepository,
  ) {
    this.keySet = createLocalJWKSet({ keys: oauth.keys.verifying });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithPrincipal>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const origin = this.oauth.originOf(request.raw);
    const resource = mcpResourceUrl(origin);
    const challenge = (extra: string) =>
      void reply.header(
        'www-authenticate',
        `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"${extra}`,
      );

    const token = bearerToken(request.headers.authorization);
    if (!token) {
      challenge('');
      throw new AppError('unauthorized', 'Connect with OAuth: send an access token for this server.');
    }
    const claims = await this.verify(token, origin, resource);
    if (!claims) {
      challenge(', error="invalid_token"');
      throw new AppError('invalid_token', 'The access token is invalid, expired or not for this server.');
    }
    const scopes = (claims.scope ?? '').split(' ').filter(Boolean);
    if (!scopes.includes(MCP_SCOPE)) {
      challenge(`, error="insufficient_scope", scope="${MCP_SCOPE}"`);
      throw new AppError('insufficient_scope', `The access token lacks the "${MCP_SCOPE}" scope.`);
    }
    const principal = claims.grant_id ? await this.accounts.principalOfGrant(claims.sub, claims.grant_id) : null;
    if (!principal) {
      challenge(', error="invalid_token"');
      throw new AppError('invalid_token', 'This connection was revoked; connect the app again.');
    }
    request.principal = principal;
    (request.raw as RawWithAuth).auth = {
      token,
      clientId: claims.client_id ?? '',
      scopes,
      expiresAt: claims.exp,
      resource: new URL(resource),
    };
    return true;
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

function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
}
