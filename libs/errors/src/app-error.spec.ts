import { AppError, isErrorEnvelope } from '@app/errors';
import type { ErrorEnvelope } from '@app/errors';

describe('AppError', () => {
  describe('status', () => {
    it('should take the registry status when constructed with a code', () => {
      expect(new AppError('not_found', 'x').status).toBe(404);
      expect(new AppError('rate_limited', 'x').status).toBe(429);
      expect(new AppError('insufficient_decisions', 'x').status).toBe(402);
    });

    it('should be an Error named AppError when constructed', () => {
      const error = new AppError('conflict', 'Already there.');
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe('AppError');
      expect(error.message).toBe('Already there.');
    });
  });

  describe('toEnvelope', () => {
    it('should give error, message and the registry code when there are no extras', () => {
      expect(new AppError('property_not_found', 'No such property.').toEnvelope()).toEqual({
        error: 'property_not_found',
        message: 'No such property.',
        code: 'NOT_FOUND',
      });
    });

    it('should spread the extras when they are given', () => {
      const envelope = new AppError('insufficient_decisions', 'Top up.', {
        required: 3,
        balance: 1,
        details: { plan: 'basic' },
      }).toEnvelope();
      expect(envelope).toEqual({
        error: 'insufficient_decisions',
        message: 'Top up.',
        code: 'INSUFFICIENT_CREDITS',
        required: 3,
        balance: 1,
        details: { plan: 'basic' },
      });
    });

    it('should use nestedCode as code and not expose nestedCode when nestedCode is given', () => {
      const envelope = new AppError('validation_error', 'name is required', {
        field: 'name',
        nestedCode: 'MISSING_REQUIRED_FIELDS',
      }).toEnvelope();
      expect(envelope).toEqual({
        error: 'validation_error',
        message: 'name is required',
        code: 'MISSING_REQUIRED_FIELDS',
        field: 'name',
      });
      expect(envelope).not.toHaveProperty('nestedCode');
    });

    it('should drop extras when their value is undefined', () => {
      const envelope = new AppError('rate_limited', 'Slow down.', {
        retry_after: undefined,
        field: undefined,
        nestedCode: undefined,
      }).toEnvelope();
      expect(envelope).toEqual({ error: 'rate_limited', message: 'Slow down.', code: 'RATE_LIMIT_EXCEEDED' });
      expect(Object.keys(envelope).sort()).toEqual(['code', 'error', 'message']);
    });

    it('should keep falsy extras when they are defined', () => {
      const envelope = new AppError('insufficient_decisions', 'Top up.', { balance: 0, suggestions: [] }).toEnvelope();
      expect(envelope.balance).toBe(0);
      expect(envelope.suggestions).toEqual([]);
    });
  });

  describe('fromEnvelope', () => {
    it('should round-trip status, message and extras when given its own envelope', () => {
      const original = new AppError('rate_limited', 'Slow down.', { retry_after: 30, details: { limit: 10 } });
      const rebuilt = AppError.fromEnvelope(original.toEnvelope());
      expect(rebuilt).toBeInstanceOf(AppError);
      expect(rebuilt.error).toBe('rate_limited');
      expect(rebuilt.status).toBe(429);
      expect(rebuilt.message).toBe('Slow down.');
      expect(rebuilt.extras.retry_after).toBe(30);
      expect(rebuilt.extras.details).toEqual({ limit: 10 });
      expect(rebuilt.toEnvelope()).toEqual(original.toEnvelope());
    });

    it('should keep the nested code when the envelope carries an overridden code', () => {
      const original = new AppError('validation_error', 'name is required', {
        field: 'name',
        nestedCode: 'MISSING_REQUIRED_FIELDS',
        details: { missing: ['name'] },
      });
      const rebuilt = AppError.fromEnvelope(original.toEnvelope());
      expect(rebuilt.status).toBe(422);
      expect(rebuilt.toEnvelope()).toEqual({
        error: 'validation_error',
        message: 'name is required',
        code: 'MISSING_REQUIRED_FIELDS',
        field: 'name',
        details: { missing: ['name'] },
      });
    });

    it('should survive JSON serialisation when the envelope crosses a transport', () => {
      const original = new AppError('slot_unavailable', 'Taken.', { suggestions: ['10:00', '11:00'] });
      const rebuilt = AppError.fromEnvelope(JSON.parse(JSON.stringify(original.toEnvelope())));
      expect(rebuilt.toEnvelope()).toEqual(original.toEnvelope());
    });

    it.each<[string, unknown]>([
      ['null', null],
      ['undefined', undefined],
      ['a string', 'not_found'],
      ['a number', 404],
      ['an unknown error code', { error: 'nope' }],
      ['an envelope with an unknown code', { error: 'teapot', message: 'x', code: 'TEAPOT' }],
      ['an envelope without a message', { error: 'not_found', code: 'NOT_FOUND' }],
      ['an envelope with a numeric message', { error: 'not_found', message: 1, code: 'NOT_FOUND' }],
      ['an envelope without a nested code', { error: 'not_found', message: 'x' }],
    ])('should give internal_error when given %s', (_label, value) => {
      const error = AppError.fromEnvelope(value);
      expect(error.status).toBe(500);
      expect(error.toEnvelope()).toEqual({
        error: 'internal_error',
        message: 'An unexpected error occurred.',
        code: 'INTERNAL_ERROR',
      });
    });
  });
});

describe('isErrorEnvelope', () => {
  it('should accept a value when it has a known error, a string message and a string code', () => {
    const envelope: ErrorEnvelope = { error: 'not_found', message: 'x', code: 'NOT_FOUND' };
    expect(isErrorEnvelope(envelope)).toBe(true);
    expect(isErrorEnvelope({ ...envelope, field: 'id' })).toBe(true);
  });

  it('should accept an envelope when it came from toEnvelope', () => {
    expect(isErrorEnvelope(new AppError('conflict', 'x', { field: 'slot' }).toEnvelope())).toBe(true);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'error'],
    ['an array', []],
    ['an empty object', {}],
    ['an unknown error', { error: 'nope', message: 'x', code: 'NOPE' }],
    ['a missing message', { error: 'not_found', code: 'NOT_FOUND' }],
    ['a missing code', { error: 'not_found', message: 'x' }],
    ['a numeric code', { error: 'not_found', message: 'x', code: 404 }],
  ])('should reject a value when it is %s', (_label, value) => {
    expect(isErrorEnvelope(value)).toBe(false);
  });
});
