import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppError } from '@app/errors';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { gatewayConfig } from '../config/gateway.env';
import { SigningKeys } from '../identity/auth/signing-keys';

const ISSUER = 'property-decision-platform';
/** Not the API's audience, and a type of its own: a visitor token is never an account token, nor the reverse. */
const AUDIENCE = 'property-decision-widget';
const TYPE = 'visitor+jwt';
const TTL_SECONDS = 24 * 60 * 60;

export interface VisitorClaims {
  sessionId: string;
  widgetId: string;
}

/**
 * A widget visitor's token: HS256 with the gateway's signing keys (the same ring and key ids as
 * first-party access tokens), scoped to one session of one widget, valid 24 hours.
 */
@Injectable()
export class VisitorTokensService {
  private readonly keys: SigningKeys;

  constructor(
    private readonly jwt: JwtService,
    @InjectConfig(gatewayConfig) config: AppConfig<typeof gatewayConfig>,
  ) {
    if (!config.JWT_SIGNING_KEYS) throw new Error('JWT_SIGNING_KEYS: required (standalone generates one)');
    this.keys = SigningKeys.parse(config.JWT_SIGNING_KEYS);
  }

  sign(claims: VisitorClaims): Promise<string> {
    const key = this.keys.current;
    return this.jwt.signAsync(
      { wid: claims.widgetId },
      {
        secret: key.secret,
        algorithm: 'HS256',
        keyid: key.kid,
        subject: claims.sessionId,
        issuer: ISSUER,
        audience: AUDIENCE,
        expiresIn: TTL_SECONDS,
        header: { alg: 'HS256', typ: TYPE, kid: key.kid },
      },
    );
  }

  /** Missing → 401 unauthorized; anything but a valid visitor token (an account token included) → 401 invalid_token. */
  async verify(token: string | undefined): Promise<VisitorClaims> {
    if (!token) throw new AppError('unauthorized', 'Send the visitor token: Authorization: Bearer <token>.');
    const invalid = new AppError('invalid_token', 'The visitor token is invalid or expired. Start a new chat.');
    const decoded: unknown = this.jwt.decode(token, { complete: true });
    const header = (decoded as { header?: { kid?: unknown; typ?: unknown } } | null)?.header;
    if (!header || header.typ !== TYPE) throw invalid;
    try {
      const key = this.keys.verifying(header.kid);
      const payload = await this.jwt.verifyAsync<{ sub?: unknown; wid?: unknown }>(token, {
        secret: key.secret,
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== 'string' || typeof payload.wid !== 'string') throw invalid;
      return { sessionId: payload.sub, widgetId: payload.wid };
    } catch {
      throw invalid;
    }
  }
}
