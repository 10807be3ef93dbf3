import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { can } from '@app/contracts';
import type { CredentialKind, Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { AccessTokensService } from '../auth/access-tokens.service';
import { ACCESS_RULE } from './access.decorators';
import type { AccessRule, RequestWithPrincipal } from './access.decorators';
import { PrincipalsRepository } from './principals.repository';

interface HttpRequest extends RequestWithPrincipal {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The gateway's one authentication and authorisation point (spec 5.6, 5.7). A route
 * without a declared rule is refused, so forgetting to declare one fails closed.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly accessTokens: AccessTokensService,
    private readonly apiKeys: ApiKeyVerifier,
    private readonly principals: PrincipalsRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true; // message handlers are internal; services re-check the principal
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) throw new AppError('forbidden', 'This route does not declare who may call it.');
    if (rule.public) return true;

    const request = context.switchToHttp().getRequest<HttpRequest>();
    const principal = await this.authenticate(bearerToken(request.headers.authorization), rule.credentials);
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

  private async authenticate(token: string | undefined, accepted: CredentialKind[]): Promise<Principal> {
    const apiKeysOnly = !accepted.includes('user');
    if (!token) {
      throw new AppError(
        'unauthorized',
        apiKeysOnly
          ? 'Send your API key: Authorization: Bearer sk-…'
          : 'Send a Bearer credential in the Authorization header.',
      );
    }
    if (token.startsWith('sk-')) {
      if (!accepted.includes('api_key'))
        throw new AppError('invalid_token', 'This route takes a user access token, not an API key.');
      return this.apiKeys.verify(token);
    }
    if (apiKeysOnly) throw new AppError('invalid_api_key', 'This route takes an API key (sk-…), not a user token.');
    const claims = await this.accessTokens.verify(token);
    const access = await this.principals.findAccess(claims.sub, claims.sid);
    if (!access) throw new AppError('invalid_token', 'The access token is invalid or expired.');
    return {
      kind: 'user',
      accountId: access.accountId,
      accountRole: access.accountRole,
      ...(access.staff ? { staff: true } : {}),
      ...(access.workspaceId && access.workspaceRole
        ? { workspaceId: access.workspaceId, workspaceRole: access.workspaceRole }
        : {}),
    };
  }
}

function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
