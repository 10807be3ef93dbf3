import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-custom';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { ApiKeyVerifier } from '../../api-keys/api-key-verifier';
import { bearerToken } from './credential-strategy';
import type { BearerRequest, CredentialStrategy } from './credential-strategy';

/** A workspace API key (`Authorization: Bearer sk-…`), verified with the 2-second cache of ApiKeyVerifier. */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') implements CredentialStrategy {
  readonly kind = 'api_key';

  constructor(private readonly apiKeys: ApiKeyVerifier) {
    super();
  }

  accepts(token: string): boolean {
    return token.startsWith('sk-');
  }

  validate(request: BearerRequest): Promise<Principal> {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 'Send your API key: Authorization: Bearer sk-…');
    return this.apiKeys.verify(token);
  }
}
