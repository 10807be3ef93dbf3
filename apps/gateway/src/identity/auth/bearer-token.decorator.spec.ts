import { bearerTokenFrom } from './bearer-token.decorator';

describe('bearerTokenFrom', () => {
  it('should return the token when the header is a Bearer credential', () => {
    expect(bearerTokenFrom('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerTokenFrom('bearer abc ')).toBe('abc');
    expect(bearerTokenFrom(['Bearer first', 'Bearer second'])).toBe('first');
  });

  it('should return nothing when the header is absent or another scheme', () => {
    expect(bearerTokenFrom(undefined)).toBeUndefined();
    expect(bearerTokenFrom('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerTokenFrom('Bearer a b')).toBeUndefined();
  });
});
