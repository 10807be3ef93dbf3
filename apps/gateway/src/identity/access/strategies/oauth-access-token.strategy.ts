import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import type { Principal } from '@app/contracts';
import { looksLikeOAuthAccessToken } from '../../../oauth/access-token-claims';
import { OAuthAccessTokens } from '../../../oauth/oauth-access-tokens';
import type { OAuthAuthentication } from '../../../oauth/oauth-access-tokens';
import type { CredentialStrategy } from './credential-strategy';

/**
 * An access token of our OAuth authorization server issued for the REST API (resource
 * `<origin>/v1`): a third-party app acting for the user. It stands for the user as a first-party
 * token does (current roles), but the access guard lets it through only on routes declaring an
 * `@OAuthScope` the token was granted. A /mcp token is refused here (401 `invalid_token`).
 */
@Injectable()
export class OAuthAccessTokenStrategy
  extends PassportStrategy(Strategy, 'oauth-access-token')
  implements CredentialStrategy
{
  readonly kind = 'user';

  constructor(private readonly tokens: OAuthAccessTokens) {
    super();
  }

  /** An EdDSA `at+jwt` (first-party tokens are HS256). */
  accepts(token: string): boolean {
    return looksLikeOAuthAccessToken(token);
  }

  /** The principal and granted scopes; an OAuthTokenRefused (with its challenge) when the token is not valid here. */
  authentication(request: FastifyRequest): Promise<OAuthAuthentication> {
    return this.tokens.authenticate(request, 'rest');
  }

  async validate(request: FastifyRequest): Promise<Principal> {
    return (await this.authentication(request)).principal;
  }

  resourceMetadataUrl(request: FastifyRequest): string {
    return this.tokens.resourceMetadataUrl(request, 'rest');
  }
}
