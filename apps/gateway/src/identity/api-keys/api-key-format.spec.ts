import { createHash } from 'node:crypto';
import { API_KEY_PATTERN, displayPrefix, mintApiKey } from './api-key-format';

describe('API key format', () => {
  it('should mint an sk- secret of 256 bits with its prefix and sha256 when a key is made', () => {
    const key = mintApiKey();
    expect(key.secret).toMatch(API_KEY_PATTERN);
    expect(Buffer.from(key.secret.slice(3), 'base64url')).toHaveLength(32);
    expect(key.prefix).toBe(displayPrefix(key.secret));
    expect(key.prefix).toHaveLength(9);
    expect(key.secretHash).toBe(createHash('sha256').update(key.secret).digest('hex'));
  });

  it('should mint a different secret when called again', () => {
    expect(mintApiKey().secret).not.toBe(mintApiKey().secret);
  });
});
