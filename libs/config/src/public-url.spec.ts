import { publicUrlOf } from './public-url';

describe('publicUrlOf', () => {
  it('should follow the gateway port when PUBLIC_URL is unset', () => {
    expect(publicUrlOf(undefined, 3300)).toBe('http://localhost:3300');
  });

  it('should fall back to port 3000 when the gateway port is unknown (a distributed service)', () => {
    expect(publicUrlOf(undefined, undefined)).toBe('http://localhost:3000');
    expect(publicUrlOf('  ', undefined)).toBe('http://localhost:3000');
  });

  it('should fall back to port 3000 when PORT is 0 (any free port, known only once listening)', () => {
    expect(publicUrlOf(undefined, 0)).toBe('http://localhost:3000');
  });

  it('should keep PUBLIC_URL, path included, without its trailing slashes when it is set', () => {
    expect(publicUrlOf('https://api.example.sa/', 3300)).toBe('https://api.example.sa');
    expect(publicUrlOf('https://example.sa/platform//', undefined)).toBe('https://example.sa/platform');
  });
});
