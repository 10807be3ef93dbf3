import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestWithPrincipal } from '../identity/access/access.decorators';
import { OAuthTokenRefused } from '../oauth/oauth-access-tokens';
import { McpAccessTokenStrategy } from './mcp-access-token.strategy';
import type { McpAuthentication } from './mcp-access-token.strategy';

/** What the SDK hands tools as `extra.authInfo`. */
interface RawWithAuth {
  auth?: McpAuthentication['auth'];
}

/**
 * /mcp's guard: the OAuth access token strategy decides; a refusal says where the
 * protected-resource metadata is (RFC 9728), so a client can start the OAuth flow.
 */
@Injectable()
export class McpAuthGuard implements CanActivate {
  constructor(private readonly strategy: McpAccessTokenStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithPrincipal>();
    try {
      const { principal, auth } = await this.strategy.validate(request);
      request.principal = principal;
      (request.raw as RawWithAuth).auth = auth;
      return true;
    } catch (refused) {
      if (!(refused instanceof OAuthTokenRefused)) throw refused;
      context.switchToHttp().getResponse<FastifyReply>().header('www-authenticate', refused.wwwAuthenticate);
      throw refused.error;
    }
  }
}
