import { errorCodeForFastifyCode, errorCodeForStatus } from '@app/errors';

describe('errorCodeForStatus', () => {
  it.each([
    [400, 'invalid_param'],
    [401, 'unauthorized'],
    [402, 'insufficient_decisions'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'method_not_allowed'],
    [409, 'conflict'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [422, 'validation_error'],
    [429, 'rate_limited'],
    [503, 'service_unavailable'],
    [500, 'internal_error'],
  ])('should map %i to %s when the status is known', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });

  it.each([418, 410, 499])('should give invalid_param when the status %i is an unlisted 4xx', (status) => {
    expect(errorCodeForStatus(status)).toBe('invalid_param');
  });

  it.each([501, 502, 504, 200, 302])('should give internal_error when the status %i is not a 4xx', (status) => {
    expect(errorCodeForStatus(status)).toBe('internal_error');
  });
});

describe('errorCodeForFastifyCode', () => {
  it.each([
    ['FST_ERR_CTP_INVALID_JSON_BODY', 'invalid_json'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 'invalid_json'],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 'payload_too_large'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'unsupported_media_type'],
    ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'invalid_param'],
  ])('should map %s to %s when Fastify raises it', (fastifyCode, code) => {
    expect(errorCodeForFastifyCode(fastifyCode)).toBe(code);
  });

  it('should give undefined when the Fastify code is unknown', () => {
    expect(errorCodeForFastifyCode('FST_ERR_SOMETHING_ELSE')).toBeUndefined();
    expect(errorCodeForFastifyCode('ECONNRESET')).toBeUndefined();
  });

  it('should give undefined when there is no code', () => {
    expect(errorCodeForFastifyCode(undefined)).toBeUndefined();
  });
});

describe('errorCodeForFastifyCode with inherited names', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'should not match %s when a client sends it as a code',
    (code) => {
      expect(errorCodeForFastifyCode(code)).toBeUndefined();
    },
  );
});
