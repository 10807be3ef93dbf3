import { AppError } from '@app/errors';

export interface SigningKey {
  kid: string;
  secret: string;
}

/** The configured key ring: the first key signs, every key verifies (rotation without logouts). */
export class SigningKeys {
  private readonly byKid: Map<string, SigningKey>;

  constructor(private readonly keys: SigningKey[]) {
    if (keys.length === 0) throw new Error('At least one signing key is required');
    this.byKid = new Map(keys.map((key) => [key.kid, key]));
  }

  static parse(value: string): SigningKeys {
    return new SigningKeys(
      value.split(',').map((pair) => {
        const index = pair.indexOf(':');
        return { kid: pair.slice(0, index), secret: pair.slice(index + 1) };
      }),
    );
  }

  get all(): readonly SigningKey[] {
    return this.keys;
  }

  get current(): SigningKey {
    return this.keys[0];
  }

  verifying(kid: unknown): SigningKey {
    const key = typeof kid === 'string' ? this.byKid.get(kid) : undefined;
    if (!key) throw new AppError('invalid_token', 'The access token is invalid or expired.');
    return key;
  }
}
