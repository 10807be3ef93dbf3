import { BadRequestException, HttpException, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { AppError, toAppError } from '@app/errors';

describe('toAppError', () => {
  it('should return the same instance when given an AppError', () => {
    const error = new AppError('conflict', 'Already booked.', { field: 'slot' });
    expect(toAppError(error)).toBe(error);
  });

  it('should give not_found with the contract message when given a Nest NotFoundException', () => {
    const error = toAppError(new NotFoundException('Cannot GET /nowhere'));
    expect(error).toBeInstanceOf(AppError);
    expect(error?.status).toBe(404);
    expect(error?.toEnvelope()).toEqual({ error: 'not_found', message: 'No such resource.', code: 'NOT_FOUND' });
  });

  it('should give payload_too_large when given an HttpException with status 413', () => {
    expect(toAppError(new HttpException('x', 413))?.toEnvelope()).toEqual({
      error: 'payload_too_large',
      message: 'The request body is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('should keep the exception message when the status has no contract message', () => {
    expect(toAppError(new BadRequestException('limit must be a number'))?.toEnvelope()).toEqual({
      error: 'invalid_param',
      message: 'limit must be a number',
      code: 'INVALID_FIELD_TYPE',
    });
  });

  it('should give undefined when given an HttpException with a 5xx status', () => {
    expect(toAppError(new InternalServerErrorException('secret'))).toBeUndefined();
    expect(toAppError(new HttpException('bad gateway', 502))).toBeUndefined();
  });

  it('should map the Fastify code when given a Fastify body-too-large error', () => {
    const error = toAppError({
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
      message: 'Request body is too large',
    });
    expect(error?.status).toBe(413);
    expect(error?.toEnvelope()).toEqual({
      error: 'payload_too_large',
      message: 'The request body is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('should give invalid_json when given a Fastify invalid JSON body error', () => {
    expect(toAppError({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 })?.toEnvelope()).toEqual({
      error: 'invalid_json',
      message: 'The request body is not valid JSON.',
      code: 'INVALID_JSON',
    });
  });

  it('should give invalid_param with a generic message when given an object with statusCode 400', () => {
    expect(toAppError({ statusCode: 400 })?.toEnvelope()).toEqual({
      error: 'invalid_param',
      message: 'The request is invalid.',
      code: 'INVALID_FIELD_TYPE',
    });
  });

  it('should use the contract message when given an object with a statusCode that has one', () => {
    expect(toAppError({ statusCode: 405 })?.toEnvelope()).toEqual({
      error: 'method_not_allowed',
      message: 'Method not allowed on this resource.',
      code: 'METHOD_NOT_ALLOWED',
    });
  });

  it('should give undefined when given an object with a 5xx statusCode', () => {
    expect(toAppError({ statusCode: 500, message: 'pool exhausted' })).toBeUndefined();
  });

  it('should give undefined when given a plain Error', () => {
    expect(toAppError(new Error('boom'))).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'boom'],
    ['an object with a non-numeric statusCode', { statusCode: '400' }],
  ])('should give undefined when given %s', (_label, value) => {
    expect(toAppError(value)).toBeUndefined();
  });
});
