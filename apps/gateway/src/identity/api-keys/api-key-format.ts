import { hashSecret, newSecret } from '../secrets';

/** `sk-` and 43 URL-safe characters: 256 bits of randomness. */
export const API_KEY_PATTERN = /^sk-[A-Za-z0-9_-]{43}$/;

export function newApiKeySecret(): string {
  return `sk-${newSecret(32)}`;
}

/** What listings show so people can tell keys apart: never enough to use. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, 9);
}

export interface MintedApiKey {
  /** Shown to the caller once, never stored or logged. */
  secret: string;
  prefix: string;
  secretHash: string;
}

/** A new secret with what is stored about it: its display prefix and its hash. */
export function mintApiKey(): MintedApiKey {
  const secret = newApiKeySecret();
  return { secret, prefix: displayPrefix(secret), secretHash: hashSecret(secret) };
}
