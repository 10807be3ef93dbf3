import { frameAncestorsOf, withFrameAncestors } from './frame-ancestors';

describe('frameAncestorsOf', () => {
  it('should list exact origins and port wildcards, once each', () => {
    expect(
      frameAncestorsOf(['https://example.com', 'https://Example.com/', 'http://localhost:*', 'http://127.0.0.1:8080']),
    ).toBe('https://example.com http://localhost:* http://127.0.0.1:8080');
  });

  it("should leave out anything that could change the policy, and say 'none' when nothing is left", () => {
    expect(
      frameAncestorsOf(['https://a.example; script-src *', "'self'", '*', 'https://b.example/path', 'javascript:x']),
    ).toBe("'none'");
    expect(frameAncestorsOf([])).toBe("'none'");
  });
});

describe('withFrameAncestors', () => {
  it('should replace the directive and keep the others', () => {
    expect(withFrameAncestors("default-src 'self';frame-ancestors 'none';base-uri 'self'", 'https://example.com')).toBe(
      "default-src 'self';base-uri 'self';frame-ancestors https://example.com",
    );
  });
});
