import { randomBytes } from 'node:crypto';
import { LinkSigner, SAVED_SEARCH_UNSUBSCRIBE } from './link-signer';

describe('LinkSigner', () => {
  const secret = randomBytes(32).toString('base64');
  const searchId = '6f1c2d34-8e9a-4b7c-9d0e-1f2a3b4c5d6e';
  const otherId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('should verify its own signature of the same subject', () => {
    const signer = new LinkSigner(secret, SAVED_SEARCH_UNSUBSCRIBE);
    expect(signer.verify(searchId, signer.sign(searchId))).toBe(true);
    expect(new LinkSigner(secret, SAVED_SEARCH_UNSUBSCRIBE).verify(searchId, signer.sign(searchId))).toBe(true);
  });

  it('should refuse a signature of another subject, a tampered one, and a missing one', () => {
    const signer = new LinkSigner(secret, SAVED_SEARCH_UNSUBSCRIBE);
    const signature = signer.sign(searchId);
    expect(signer.verify(otherId, signature)).toBe(false);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(signer.verify(searchId, flipped)).toBe(false);
    expect(signer.verify(searchId, signature.slice(0, -1))).toBe(false);
    expect(signer.verify(searchId, undefined)).toBe(false);
    expect(signer.verify(searchId, ['x'])).toBe(false);
  });

  it('should refuse a signature made for another purpose or with another secret', () => {
    const signature = new LinkSigner(secret, SAVED_SEARCH_UNSUBSCRIBE).sign(searchId);
    expect(new LinkSigner(secret, 'another-purpose.v1').verify(searchId, signature)).toBe(false);
    const otherSecret = randomBytes(32).toString('base64');
    expect(new LinkSigner(otherSecret, SAVED_SEARCH_UNSUBSCRIBE).verify(searchId, signature)).toBe(false);
  });

  it('should sign without anything but URL-safe characters and refuse a short secret', () => {
    expect(new LinkSigner(secret, SAVED_SEARCH_UNSUBSCRIBE).sign(searchId)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(() => new LinkSigner(randomBytes(16).toString('base64'), SAVED_SEARCH_UNSUBSCRIBE)).toThrow('32 bytes');
  });
});
