const SECRET_KEYS = /^(password|password_hash|passwordhash|token_hash|tokenhash|secret_hash)$/i;

/** Fails when a response body carries a password or a hash: by key, or by a value that looks like one. */
export function expectNoSecrets(body: unknown, password: string): void {
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      expect(value).not.toMatch(/^\$argon2|^[0-9a-f]{64}$/);
      expect(value).not.toContain(password);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        expect(key).not.toMatch(SECRET_KEYS);
        visit(inner);
      }
    }
  };
  visit(body);
}
