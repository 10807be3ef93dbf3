import { accountTracker, rateLimitKey, retryAfterSeconds } from './rate-limit-keys';

describe('accountTracker', () => {
  it('should normalise the e-mail when the body names one', () => {
    expect(accountTracker({ email: '  Sara@Example.COM ' })).toBe('sara@example.com');
  });

  it('should track nothing when the body has no usable e-mail', () => {
    expect(accountTracker(undefined)).toBeUndefined();
    expect(accountTracker(null)).toBeUndefined();
    expect(accountTracker({})).toBeUndefined();
    expect(accountTracker({ email: 42 })).toBeUndefined();
    expect(accountTracker({ email: '   ' })).toBeUndefined();
  });
});

describe('rateLimitKey', () => {
  it('should start with the namespace and hide the tracker when building a key', () => {
    const key = rateLimitKey('e2eabc', 'AuthController.login', 'account', 'sara@example.com');
    expect(key.startsWith('e2eabc:auth-rate:AuthController.login:account:')).toBe(true);
    expect(key).not.toContain('sara');
  });

  it('should give different keys when namespaces differ', () => {
    expect(rateLimitKey('a', 'r', 'ip', '1.2.3.4')).not.toBe(rateLimitKey('b', 'r', 'ip', '1.2.3.4'));
  });

  it('should use a default namespace when none is configured', () => {
    expect(rateLimitKey('', 'r', 'ip', '1.2.3.4').startsWith('default:')).toBe(true);
  });
});

describe('retryAfterSeconds', () => {
  it('should round up to whole seconds when time is left', () => {
    expect(retryAfterSeconds(12.1)).toBe(13);
  });

  it('should never answer less than one second when the window is about to end', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(-3)).toBe(1);
    expect(retryAfterSeconds(Number.NaN)).toBe(1);
  });
});
