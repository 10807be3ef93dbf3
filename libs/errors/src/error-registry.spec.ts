import { ERROR_REGISTRY, isErrorCode } from '@app/errors';

describe('ERROR_REGISTRY', () => {
  const entries = Object.entries(ERROR_REGISTRY);

  it('should hold entries when the module is loaded', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it.each(entries)('should give %s a 4xx or 5xx status when looked up', (_name, entry) => {
    expect(entry.status).toBeGreaterThanOrEqual(400);
    expect(entry.status).toBeLessThan(600);
  });

  it.each(entries)('should give %s an upper-case nested code when looked up', (_name, entry) => {
    expect(entry.code).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
  });

  it('should map the documented statuses when common codes are looked up', () => {
    expect(ERROR_REGISTRY.not_found).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(ERROR_REGISTRY.validation_error).toEqual({ status: 422, code: 'INVALID_FIELD_TYPE' });
    expect(ERROR_REGISTRY.rate_limited).toEqual({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    expect(ERROR_REGISTRY.internal_error).toEqual({ status: 500, code: 'INTERNAL_ERROR' });
  });
});

describe('isErrorCode', () => {
  it('should accept a value when it is a registry key', () => {
    expect(isErrorCode('not_found')).toBe(true);
  });

  it('should reject a value when it is not an own registry key', () => {
    expect(isErrorCode('nope')).toBe(false);
    expect(isErrorCode('NOT_FOUND')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('__proto__')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
