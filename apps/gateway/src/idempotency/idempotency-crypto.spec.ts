import { canonicalJson, openAnswer, requestFingerprint, sealAnswer } from './idempotency-crypto';

describe('canonicalJson', () => {
  it('should write the same text when object keys come in another order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'ق' } })).toBe(
      canonicalJson({ a: { c: 'ق', d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
  });

  it('should keep array order and drop undefined fields when they are given', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(canonicalJson(null)).toBe('null');
  });
});

describe('requestFingerprint', () => {
  it('should differ when the URL differs and the body is the same', () => {
    const body = canonicalJson({ body: 'مرحبا' });
    expect(requestFingerprint('POST', '/v1/inquiries/a/messages', body)).not.toBe(
      requestFingerprint('POST', '/v1/inquiries/b/messages', body),
    );
  });
});

describe('sealAnswer', () => {
  const body = Buffer.from('{"secret":"whsec_abc","name":"وسيط"}');

  it('should give back the exact bytes when opened with the same key and context', () => {
    expect(openAnswer(sealAnswer(body, 'key-1', 'account:1 POST /v1/x'), 'key-1', 'account:1 POST /v1/x')).toEqual(
      body,
    );
  });

  it('should not hold the plaintext and should refuse another key or context', () => {
    const sealed = sealAnswer(body, 'key-1', 'account:1 POST /v1/x');
    expect(sealed.toString('latin1')).not.toContain('whsec_abc');
    expect(() => openAnswer(sealed, 'key-2', 'account:1 POST /v1/x')).toThrow();
    expect(() => openAnswer(sealed, 'key-1', 'account:2 POST /v1/x')).toThrow();
  });
});
