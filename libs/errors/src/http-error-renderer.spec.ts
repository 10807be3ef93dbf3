import { Logger } from '@nestjs/common';
import { AppError, renderHttpError } from '@app/errors';
import type { ErrorReply } from '@app/errors';

/** The renderer's output sink: records what it was told to send. */
class RecordingReply implements ErrorReply {
  statusCode?: number;
  readonly headers: Record<string, string> = {};
  payload?: unknown;
  sends = 0;

  status(code: number): ErrorReply {
    this.statusCode = code;
    return this;
  }

  header(name: string, value: string): ErrorReply {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  send(payload: unknown): unknown {
    this.sends += 1;
    this.payload = payload;
    return this;
  }
}

describe('renderHttpError', () => {
  // The unknown-error path logs on purpose; keep the test output quiet.
  beforeAll(() => {
    Logger.overrideLogger(false);
  });
  afterAll(() => {
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']);
  });

  it('should answer 500 internal_error when the thrown object carries an inherited name as its code', () => {
    const reply = new RecordingReply();
    renderHttpError({ code: 'toString' }, reply);
    expect(reply.statusCode).toBe(500);
    expect(reply.payload).toMatchObject({ error: 'internal_error', code: 'INTERNAL_ERROR' });
  });

  it('should send 429 with retry-after and the envelope when given rate_limited with retry_after', () => {
    const reply = new RecordingReply();
    renderHttpError(new AppError('rate_limited', 'Too many requests.', { retry_after: 30 }), reply);
    expect(reply.statusCode).toBe(429);
    expect(reply.headers['retry-after']).toBe('30');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.sends).toBe(1);
    expect(reply.payload).toEqual({
      error: 'rate_limited',
      message: 'Too many requests.',
      code: 'RATE_LIMIT_EXCEEDED',
      retry_after: 30,
    });
  });

  it('should send no retry-after header when the error has no retry_after', () => {
    const reply = new RecordingReply();
    renderHttpError(new AppError('not_found', 'No such property.'), reply);
    expect(reply.statusCode).toBe(404);
    expect(reply.headers).not.toHaveProperty('retry-after');
    expect(reply.payload).toEqual({ error: 'not_found', message: 'No such property.', code: 'NOT_FOUND' });
  });

  it('should render the framework error when given a Fastify error object', () => {
    const reply = new RecordingReply();
    renderHttpError({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }, reply);
    expect(reply.statusCode).toBe(415);
    expect(reply.payload).toEqual({
      error: 'unsupported_media_type',
      message: 'Send the body as application/json.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('should send 500 internal_error with an error id and hide the message when given an unknown error', () => {
    const reply = new RecordingReply();
    renderHttpError(new Error('db password=x'), reply);
    expect(reply.statusCode).toBe(500);
    expect(reply.headers).not.toHaveProperty('retry-after');
    const body = reply.payload as { error: string; code: string; message: string; details: { error_id: string } };
    expect(body.error).toBe('internal_error');
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(body.details.error_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.message).toBe(`An unexpected error occurred (error id ${body.details.error_id}).`);
    expect(JSON.stringify(body)).not.toContain('password');
    expect(JSON.stringify(body)).not.toContain('db ');
  });

  it('should give each unknown error its own id when two are rendered', () => {
    const first = new RecordingReply();
    const second = new RecordingReply();
    renderHttpError(new Error('a'), first);
    renderHttpError(new Error('a'), second);
    const idOf = (reply: RecordingReply) => (reply.payload as { details: { error_id: string } }).details.error_id;
    expect(idOf(first)).not.toBe(idOf(second));
  });
});
