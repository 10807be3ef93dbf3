import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { apiKeyRefusal, can } from '@app/contracts';
import type { CredentialKind, Permission, Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { ACCESS_RULE } from './access.decorators';
import type { AccessRule, RequestWithPrincipal } from './access.decorators';
import { AccessTokenStrategy } from './strategies/access-token.strategy';
import { ApiKeyStrategy } from './strategies/api-key.strategy';
import { bearerToken } from './strategies/credential-strategy';
import type { BearerRequest, CredentialStrategy } from './strategies/credential-strategy';

type HttpRequest = RequestWithPrincipal & BearerRequest;

/**
 * The gateway's one authentication and authorisation point (spec 5.6, 5.7). A route
 * without a declared rule is refused, so forgetting to declare one fails closed. Each kind
 * of credential is a Passport strategy (strategies/); the permission matrix stays here.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  /**
   * Asked in order; the first whose `accepts` matches the token verifies it. The OAuth access
   * token is /mcp's own strategy (McpAccessTokenStrategy): it is not valid on REST routes.
   */
  private readonly strategies: CredentialStrategy[];

  constructor(
    private readonly reflector: Reflector,
    apiKey: ApiKeyStrategy,
    accessToken: AccessTokenStrategy,
  ) {
    this.strategies = [apiKey, accessToken];
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true; // message handlers are internal; services re-check the principal
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) throw new AppError('forbidden', 'This route does not declare who may call it.');
    if (rule.public) return true;

    const request = context.switchToHttp().getRequest<HttpRequest>();
    const principal = await this.authenticate(request, rule.credentials, rule.permission);
    if (rule.staff && !(principal.kind === 'user' && principal.staff)) {
      throw new AppError('forbidden', 'This is for platform moderators only.');
    }
    if (rule.permission) {
      if (!principal.workspaceId) throw new AppError('forbidden', 'This needs a broker or developer workspace.');
      if (!can(principal.workspaceRole, rule.permission)) {
        throw new AppError('forbidden', `Your workspace role does not allow this (${rule.permission}).`);
      }
    }
    request.principal = principal;
    return true;
  }

  /** The route's accepted kinds decide which credential may be sent; the strategy verifies it. */
  private async authenticate(
    request: HttpRequest,
    accepted: CredentialKind[],
    permission: Permission | undefined,
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
}
