import type { CredentialKind, Principal } from '@app/contracts';
import { bearerTokenFrom } from '../../auth/bearer-token.decorator';

/** A request as the credential strategies read it. */
export interface BearerRequest {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One kind of Bearer credential, as a Passport strategy (`@nestjs/passport`, passport-custom).
 * The access guard picks the strategy whose `accepts` matches the token and calls its
 * `validate` directly: the same code Passport would run, without passport.authenticate's
 * per-request callbacks, and with the guard keeping the contract's error codes and bodies.
 */
export interface CredentialStrategy {
  readonly kind: CredentialKind;
  /** Whether the token has this credential's shape (`sk-…` for API keys); no verification. */
  accepts(token: string): boolean;
  /** The principal the credential stands for; an AppError (401) when it is not valid. */
  validate(request: BearerRequest): Promise<Principal>;
}

/** The `Authorization: Bearer …` credential, or undefined when there is none or it is malformed. */
export function bearerToken(request: BearerRequest): string | undefined {
  return bearerTokenFrom(request.headers.authorization);
}
