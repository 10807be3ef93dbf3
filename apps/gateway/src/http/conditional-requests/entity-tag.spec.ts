import { entityTag, ifNoneMatchHits } from './entity-tag';

describe('entity tags', () => {
  it('should give the same strong tag for the same content and another for other content', () => {
    expect(entityTag('a')).toBe(entityTag('a'));
    expect(entityTag('a')).not.toBe(entityTag('b'));
    expect(entityTag('a')).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });

  it('should match If-None-Match by weak comparison, in a list, and for * (RFC 9110)', () => {
    const tag = entityTag('a');
    expect(ifNoneMatchHits(tag, tag)).toBe(true);
    expect(ifNoneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(`"x", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(' * ', tag)).toBe(true);
    expect(ifNoneMatchHits([`"x"`, tag], tag)).toBe(true);
  });

  it('should not match when the header is absent or names other tags', () => {
    const tag = entityTag('a');
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
    expect(ifNoneMatchHits(entityTag('b'), tag)).toBe(false);
    expect(ifNoneMatchHits(tag.slice(1, -1), tag)).toBe(false);
  });
});
