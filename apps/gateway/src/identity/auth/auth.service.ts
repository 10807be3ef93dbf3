import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import type { LoginBody, LogoutBody, MeResponse, Principal, RefreshTokenBody, TokenResponse } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { gatewayConfig } from '../../config/gateway.env';
import { AccountsRepository } from '../accounts/accounts.repository';
import { normalizeEmail } from '../accounts/email';
import { prepareDummyPassword, verifyPassword } from '../accounts/passwords';
import { hashSecret, newSecret } from '../secrets';
import { AccessTokensService } from './access-tokens.service';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import type { RefreshSession } from './refresh-tokens.repository';
import { toTokenResponse } from './token.mapper';
import { toMeResponse } from '../accounts/account.mapper';

type UserPrincipal = Extract<Principal, { kind: 'user' }>;

const invalidRefreshToken = () => new AppError('invalid_token', 'The refresh token is invalid, expired or revoked.');

/**
 * First-party sessions: a login starts a refresh-token family; each refresh spends one
 * token and issues the next; a spent token presented again means it leaked, so the whole
 * family is revoked (its access tokens included: the guard checks the family).
 */
@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly accessTokens: AccessTokensService,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {}

  onModuleInit(): Promise<void> {
    return prepareDummyPassword();
  }

  /** One answer for an unknown e-mail and a wrong password, in about the same time. */
  async login(dto: LoginBody): Promise<TokenResponse> {
    const account = await this.accounts.findByEmailNormalized(normalizeEmail(dto.email));
    const matches = await verifyPassword(account?.passwordHash, dto.password);
    if (!account || !matches) throw new AppError('invalid_credentials', 'Email or password is incorrect.');
    const session = { accountId: account.id, familyId: randomUUID() };
    const refreshToken = newSecret();
    await this.refreshTokens.create(session, this.stored(refreshToken));
    return this.issue(session, refreshToken);
  }

  async refresh(dto: RefreshTokenBody): Promise<TokenResponse> {
    const presented = hashSecret(dto.refresh_token);
    const refreshToken = newSecret();
    const session = await this.refreshTokens.rotate(presented, this.stored(refreshToken));
    if (session) return this.issue(session, refreshToken);
    const reused = await this.refreshTokens.revokeFamilyIfSpent(presented);
    if (reused) {
      this.logger.warn(
        { account_id: reused.accountId, family_id: reused.familyId },
        'Spent refresh token presented again: session revoked',
      );
    }
    throw invalidRefreshToken();
  }

  /** Ends the session of the access token used to call (and, if given, that of the refresh token). */
  async logout(principal: Principal, accessToken: string | undefined, dto: LogoutBody): Promise<void> {
    const user = asUser(principal);
    if (!accessToken) throw new AppError('unauthorized', 'Send a Bearer credential in the Authorization header.');
    const claims = await this.accessTokens.verify(accessToken);
    await this.refreshTokens.revokeFamily(claims.sid, user.accountId);
    if (dto.refresh_token) await this.refreshTokens.revokeFamilyOfToken(hashSecret(dto.refresh_token), user.accountId);
  }

  async me(principal: Principal): Promise<MeResponse> {
    const user = asUser(principal);
    const found = await this.accounts.findWithWorkspace(user.accountId);
    if (!found) throw new AppError('invalid_token', 'The access token is invalid or expired.');
    return toMeResponse(found);
  }

  private stored(refreshToken: string) {
    return {
      tokenHash: hashSecret(refreshToken),
      expiresAt: new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_S * 1000),
    };
  }

  private async issue(session: RefreshSession, refreshToken: string): Promise<TokenResponse> {
    const accessToken = await this.accessTokens.sign({ sub: session.accountId, sid: session.familyId });
    return toTokenResponse({
      accessToken,
      accessTtlSeconds: this.accessTokens.ttlSeconds,
      refreshToken,
      refreshTtlSeconds: this.config.REFRESH_TOKEN_TTL_S,
    });
  }
}

function asUser(principal: Principal): UserPrincipal {
  if (principal.kind !== 'user') throw new AppError('forbidden', 'This route takes a user access token.');
  return principal;
}
