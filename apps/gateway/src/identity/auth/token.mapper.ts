import type { TokenResponse } from '@app/contracts';

export interface IssuedTokens {
  accessToken: string;
  accessTtlSeconds: number;
  refreshToken: string;
  refreshTtlSeconds: number;
}

export function toTokenResponse(tokens: IssuedTokens): TokenResponse {
  return {
    object: 'token',
    token_type: 'Bearer',
    access_token: tokens.accessToken,
    expires_in: tokens.accessTtlSeconds,
    refresh_token: tokens.refreshToken,
    refresh_expires_in: tokens.refreshTtlSeconds,
  };
}
