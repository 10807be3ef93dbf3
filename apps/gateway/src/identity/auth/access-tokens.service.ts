import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppError } from '@app/errors';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { gatewayConfig } from '../../config/gateway.env';
import { SigningKeys } from './signing-keys';

const ISSUER = 'property-decision-platform';
const AUDIENCE = 'property-decision-api';

export interface AccessTokenClaims {
  /** The account id. */
  sub: string;
  /** The refresh-token family this access token belongs to (the login session). */
  sid: string;
}

/**
 * Short-lived HS256 JWTs with the key id in the header. Only identities travel in the
 * token; roles are read fresh on each request, so a role change or removal applies at once.
 */
@Injectable()
export class AccessTokensService {
  private readonly keys: SigningKeys;

  constructor(
    private readonly jwt: JwtService,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {
    if (!config.JWT_SIGNING_KEYS) throw new Error('JWT_SIGNING_KEYS: required (standalone generates one)');
    this.keys = SigningKeys.parse(config.JWT_SIGNING_KEYS);
  }

  get ttlSeconds(): number {
    return this.config.ACCESS_TOKEN_TTL_S;
  }

  sign(claims: AccessTokenClaims): Promise<string> {
    const key = this.keys.current;
    return this.jwt.signAsync(
      { sid: claims.sid },
      {
        secret: key.secret,
        algorithm: 'HS256',
        keyid: key.kid,
        subject: claims.sub,
        issuer: ISSUER,
        audience: AUDIENCE,
        expiresIn: this.config.ACCESS_TOKEN_TTL_S,
        header: { alg: 'HS256', typ: 'at+jwt', kid: key.kid },
      },
    );
  }

  /** Any failure (bad signature, unknown kid, `alg: none`, expired, wrong audience) is 401 invalid_token. */
  async verify(token: string): Promise<AccessTokenClaims> {
    const invalid = new AppError('invalid_token', 'The access token is invalid or expired.');
    const decoded: unknown = this.jwt.decode(token, { complete: true });
    const header = (decoded as { header?: { kid?: unknown; typ?: unknown } } | null)?.header;
    if (!header || header.typ !== 'at+jwt') throw invalid;
    const key = this.keys.verifying(header.kid);
    try {
      const payload = await this.jwt.verifyAsync<{ sub?: unknown; sid?: unknown }>(token, {
        secret: key.secret,
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw invalid;
      return { sub: payload.sub, sid: payload.sid };
    } catch {
      throw invalid;
    }
  }
}
