import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('should store an argon2id hash that never contains the password when hashing', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(hash).not.toContain('correct horse battery');
  });

  it('should verify the password when it matches the hash', async () => {
    const hash = await hashPassword('correct horse battery');
    await expect(verifyPassword(hash, 'correct horse battery')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'Correct horse battery')).resolves.toBe(false);
  });

  it('should answer false when there is no account to check against', async () => {
    await expect(verifyPassword(undefined, 'anything at all')).resolves.toBe(false);
  });

  it('should answer false when the stored hash is malformed', async () => {
    await expect(verifyPassword('not-a-hash', 'anything at all')).resolves.toBe(false);
  });
});
