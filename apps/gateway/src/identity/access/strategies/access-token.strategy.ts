import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-custom';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { AccessTokensService } from '../../auth/access-tokens.service';
import { PrincipalsRepository } from '../principals.repository';
import { bearerToken } from './credential-strategy';
import type { BearerRequest, CredentialStrategy } from './credential-strategy';

/**
 * A first-party access token (the HS256 JWT that login and refresh issue). Roles are read
 * fresh on each request, so a role change or a removal applies at once.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, 'access-token') implements CredentialStrategy {
  readonly kind = 'user';

  constructor(
    private readonly accessTokens: AccessTokensService,
    private readonly principals: PrincipalsRepository,
  ) {
    super();
  }

  /** Whatever is not another strategy's shape is tried as a first-party token (the guard asks it last). */
  accepts(): boolean {
    return true;
  }

  async validate(request: BearerRequest): Promise<Principal> {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 'Send a Bearer credential in the Authorization header.');
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
