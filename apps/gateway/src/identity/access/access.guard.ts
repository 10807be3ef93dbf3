import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Reflector } from '@nestjs/core';
import { apiKeyRefusal } from '@app/contracts';
import type { CredentialKind, Permission, Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { FairUseLimiter } from '../../fair-use/fair-use-limiter';
import { assertAllowed } from './access-rules';
import { OAuthTokenRefused, insufficientScope } from '../../oauth/oauth-access-tokens';
import type { RestScope } from '../../oauth/rest-scopes';
import { ACCESS_RULE } from './access.decorators';
import type { AccessRule, RequestWithPrincipal } from './access.decorators';
import { AccessTokenStrategy } from './strategies/access-token.strategy';
import { ApiKeyStrategy } from './strategies/api-key.strategy';
import { OAuthAccessTokenStrategy } from './strategies/oauth-access-token.strategy';
import { OAUTH_SCOPE } from './oauth-scope.decorator';
import { bearerToken } from './strategies/credential-strategy';
import type { BearerRequest, CredentialStrategy } from './strategies/credential-strategy';

type HttpRequest = RequestWithPrincipal & BearerRequest & FastifyRequest;

/**
 * The gateway's one authentication and authorisation point (spec 5.6, 5.7). A route
 * without a declared rule is refused, so forgetting to declare one fails closed. Each kind
 * of credential is a Passport strategy (strategies/); what the caller may then do is
 * access-rules.ts, the rule the MCP tools follow too.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  /**
   * Asked in order; the first whose `accepts` matches the token verifies it. OAuth access tokens
   * for the REST API are accepted only on routes with an `@OAuthScope` (the /mcp ones never).
   */
  private readonly strategies: CredentialStrategy[];

  constructor(
    private readonly reflector: Reflector,
    apiKey: ApiKeyStrategy,
    private readonly oauth: OAuthAccessTokenStrategy,
    accessToken: AccessTokenStrategy,
    private readonly fairUse: FairUseLimiter,
  ) {
    this.strategies = [apiKey, oauth, accessToken];
  }

  /**
   * Synchronous where nothing is to be verified (a message handler, a public route): Nest then
   * skips awaiting the answer, and in standalone every message handler passes this guard too.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true; // message handlers are internal; services re-check the principal
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) throw new AppError('forbidden', 'This route does not declare who may call it.');
    if (rule.public) return true;
    return this.admit(context, rule);
  }

  /** The caller's credential verified, the rule applied and the key's fair-use quota counted. */
  private async admit(context: ExecutionContext, rule: Extract<AccessRule, { public: false }>): Promise<boolean> {
    const request = context.switchToHttp().getRequest<HttpRequest>();
    const principal = await this.authenticate(request, rule.credentials, rule.permission, context);
    assertAllowed(principal, rule);
    // Per key, once it may make this call: a refused request (401, 403) never spends its quota.
    if (principal.kind === 'api_key') {
      await this.fairUse.countApiKey(principal.apiKeyId, context.switchToHttp().getResponse<FastifyReply>());
    }
    request.principal = principal;
    return true;
  }

  /** The route's accepted kinds decide which credential may be sent; the strategy verifies it. */
  private async authenticate(
    request: HttpRequest,
    accepted: CredentialKind[],
    permission: Permission | undefined,
    context: ExecutionContext,
  ): Promise<Principal> {
    const token = bearerToken(request);
    const apiKeysOnly = !accepted.includes('user');
    if (!token) {
      throw new AppError(
        'unauthorized',
        apiKeysOnly
          ? 'Send your API key: Authorization: Bearer sk-…'
          : 'Send a Bearer credential in the Authorization header.',
      );
    }
    const strategy = this.strategies.find((candidate) => candidate.accepts(token)) as CredentialStrategy;
    if (strategy === this.oauth) return this.authenticateOAuth(request, context);
    if (strategy.kind !== 'api_key' && apiKeysOnly)
      throw new AppError('invalid_api_key', 'This route takes an API key (sk-…), not a user token.');
    const principal = await strategy.validate(request);
    if (principal.kind === 'api_key') this.assertKeyMay(accepted, permission);
    return principal;
  }

  /**
   * A valid key acts as the owner (spec 5.3) except where a person is needed: the reasons
   * are PERSON_ONLY_PERMISSIONS in @app/contracts; a route for a person's own account
   * (profile, saved properties, notifications) is not a workspace's. 403, never 401: the key is valid.
   */
  private assertKeyMay(accepted: CredentialKind[], permission: Permission | undefined): void {
    const refusal = apiKeyRefusal(permission);
    if (refusal) throw new AppError('api_key_not_allowed', refusal);
    if (!accepted.includes('api_key')) {
      throw new AppError(
        'api_key_not_allowed',
        "This route acts for a person's own account, not a workspace: send that person's access token, not an API key.",
      );
    }
  }

  /**
   * An OAuth access token for the REST API: valid (else 401 `invalid_token`), and on a route
   * that declares an `@OAuthScope` the token holds (else 403 `insufficient_scope`, RFC 6750).
   * Either refusal carries `WWW-Authenticate` naming the protected-resource metadata.
   */
  private async authenticateOAuth(request: HttpRequest, context: ExecutionContext): Promise<Principal> {
    const scope = this.reflector.getAllAndOverride<RestScope | undefined>(OAUTH_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    try {
      const { principal, scopes, resourceMetadata } = await this.oauth.authentication(request);
      if (!scope) {
        throw insufficientScope(
          'OAuth access tokens reach only the buyer routes (inquiries, bookings, saved properties, phone reveal); ' +
            'this route takes your own sign-in token or an API key.',
          resourceMetadata,
        );
      }
      if (!scopes.includes(scope)) {
        throw insufficientScope(
          `The access token lacks the "${scope}" scope this route needs.`,
          resourceMetadata,
          scope,
        );
      }
      return principal;
    } catch (refused) {
      if (!(refused instanceof OAuthTokenRefused)) throw refused;
      context.switchToHttp().getResponse<FastifyReply>().header('www-authenticate', refused.wwwAuthenticate);
      throw refused.error;
    }
  }
}
