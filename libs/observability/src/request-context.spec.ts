import pino from 'pino';
import type { Logger } from 'pino';
import { PinoLogger } from 'nestjs-pino';
import {
  RequestPinoLogger,
  RequestStore,
  currentRequestStore,
  currentRequestId,
  requestIdFrom,
  runWithRequestContext,
  runWithRequestStore,
} from '@app/observability';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it.each(['abc-123', 'A.b_c:d-e', '0', 'x'.repeat(128), '7f1c9a2e-0d4b-4c1e-9f3a-2b6d8e0c4a11'])(
    'should keep the id when it is safe (%s)',
    (id) => {
      expect(requestIdFrom(id)).toBe(id);
    },
  );

  it.each([
    ['a space', 'abc 123'],
    ['a double quote', 'abc"123'],
    ['a single quote', "abc'123"],
    ['a newline', 'abc\n123'],
    ['a trailing newline', 'abc\n'],
    ['a slash', 'a/b'],
    ['non-ASCII letters', 'طلب'],
    ['129 characters', 'x'.repeat(129)],
    ['an empty string', ''],
  ])('should replace the id with a uuid v4 when it contains %s', (_label, id) => {
    const result = requestIdFrom(id);
    expect(result).toMatch(UUID_V4);
    expect(result).not.toBe(id);
  });

  it('should generate a uuid v4 when the header is absent', () => {
    expect(requestIdFrom(undefined)).toMatch(UUID_V4);
  });

  it('should generate a different id when called twice without a header', () => {
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });

  it('should take the first value when the header is an array', () => {
    expect(requestIdFrom(['first-id', 'second-id'])).toBe('first-id');
  });

  it('should replace the first value when the array holds an unsafe first value', () => {
    expect(requestIdFrom(['bad id', 'good-id'])).toMatch(UUID_V4);
  });

  it('should generate a uuid v4 when the header is an empty array', () => {
    expect(requestIdFrom([])).toMatch(UUID_V4);
  });
});

describe('runWithRequestContext', () => {
  it('should give undefined when called outside any context', () => {
    expect(currentRequestId()).toBeUndefined();
  });

  it('should expose the id when called inside a context', () => {
    expect(runWithRequestContext({ requestId: 'req-1' }, () => currentRequestId())).toBe('req-1');
  });

  it('should return the function result when the function returns a value', () => {
    expect(runWithRequestContext({ requestId: 'req-1' }, () => 42)).toBe(42);
  });

  it('should expose the inner id and restore the outer one when contexts are nested', () => {
    const seen = runWithRequestContext({ requestId: 'outer' }, () => {
      const before = currentRequestId();
      const inner = runWithRequestContext({ requestId: 'inner' }, () => currentRequestId());
      return [before, inner, currentRequestId()];
    });
    expect(seen).toEqual(['outer', 'inner', 'outer']);
  });

  it('should keep the id when the function awaits', async () => {
    const id = await runWithRequestContext({ requestId: 'req-async' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.resolve();
      return currentRequestId();
    });
    expect(id).toBe('req-async');
  });

  it('should keep concurrent contexts apart when they interleave', async () => {
    const run = (requestId: string, delay: number) =>
      runWithRequestContext({ requestId }, async () => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        return currentRequestId();
      });
    await expect(Promise.all([run('slow', 15), run('fast', 1)])).resolves.toEqual(['slow', 'fast']);
  });

  it('should give undefined when called after a context has finished', async () => {
    await runWithRequestContext({ requestId: 'gone' }, async () => {
      await Promise.resolve();
    });
    expect(currentRequestId()).toBeUndefined();
  });
});

describe('RequestStore', () => {
  const fakeLogger = (name: string) => ({ name }) as unknown as Logger;

  it('should make the request logger on first use only, and once', () => {
    const make = jest.fn(() => fakeLogger('request'));
    const store = new RequestStore('req-1', make);
    expect(make).not.toHaveBeenCalled();
    expect(store.logger).toBe(store.logger);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('should be the store the PinoLogger reads its logger from, the root logger outside it', () => {
    const root = pino({ level: 'silent' });
    const pinoLogger = new RequestPinoLogger({ pinoHttp: { logger: root } });
    const store = new RequestStore('req-1', () => fakeLogger('request'));
    runWithRequestStore(store, () => {
      expect(currentRequestStore()).toBe(store);
      expect(pinoLogger.logger).toBe(store.logger);
      expect(currentRequestId()).toBe('req-1');
    });
    // nestjs-pino's root: the pino-http child of the logger it was given.
    expect(pinoLogger.logger).toBe(PinoLogger.root);
    expect(runWithRequestContext({ requestId: 'message' }, () => pinoLogger.logger)).toBe(PinoLogger.root);
  });

  it('should give an in-process handler its caller request logger under its own id', () => {
    const caller = new RequestStore('caller', () => fakeLogger('caller'));
    const seen = runWithRequestStore(caller, () =>
      runWithRequestContext({ requestId: 'handler' }, () => [currentRequestId(), currentRequestStore()?.logger]),
    );
    expect(seen).toEqual(['handler', fakeLogger('caller')]);
  });

  it('should have no logger outside HTTP, so PinoLogger falls back to the root logger', () => {
    expect(runWithRequestContext({ requestId: 'message' }, () => currentRequestStore()?.logger)).toBeUndefined();
  });
});
