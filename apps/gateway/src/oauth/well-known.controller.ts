import { Controller, Get, Req, Res, VERSION_NEUTRAL } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../identity/access/access.decorators';
import { MCP_SCOPE, OAuthServer } from './oauth-server.service';
import { mcpResourceUrl, oauthIssuer, restResourceUrl } from './public-origin';
import { REST_SCOPES } from './rest-scopes';

/**
 * Discovery documents: RFC 9728 protected-resource metadata for /mcp and for the REST API (/v1), and RFC 8414
 * authorization-server metadata at the path-aware URL (issuer `…/oauth`) and the root one.
 */
@ApiExcludeController()
@Public()
@Controller({ path: '.well-known', version: VERSION_NEUTRAL })
export class WellKnownController {
  constructor(private readonly oauth: OAuthServer) {}

  @Get('oauth-protected-resource/mcp')
  protectedResourceOfMcp(@Req() req: FastifyRequest) {
    return this.protectedResource(req);
  }

  @Get('oauth-protected-resource')
  protectedResource(@Req() req: FastifyRequest) {
    const origin = this.oauth.originOf(req.raw);
    return {
      resource: mcpResourceUrl(origin),
      authorization_servers: [oauthIssuer(origin)],
      scopes_supported: [MCP_SCOPE],
      bearer_methods_supported: ['header'],
      resource_name: 'Property platform MCP server',
    };
  }

  @Get('oauth-protected-resource/v1')
  protectedResourceOfRest(@Req() req: FastifyRequest) {
    const origin = this.oauth.originOf(req.raw);
    return {
      resource: restResourceUrl(origin),
      authorization_servers: [oauthIssuer(origin)],
      scopes_supported: [...REST_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Property platform REST API (buyer routes)',
      resource_documentation: `${origin}/docs`,
    };
  }

  /** oidc-provider answers its own discovery document; the metadata is the same under RFC 8414's name. */
  @Get('oauth-authorization-server/oauth')
  authorizationServerOfIssuer(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    this.authorizationServer(req, reply);
  }

  @Get('oauth-authorization-server')
  authorizationServer(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    reply.hijack();
    const raw = req.raw as typeof req.raw & { originalUrl?: string };
    raw.originalUrl = '/oauth/.well-known/openid-configuration';
    raw.url = '/.well-known/openid-configuration';
    this.oauth.handle(raw, reply.raw);
  }
}
