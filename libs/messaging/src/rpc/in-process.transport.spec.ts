import type { MessageHandler } from '@nestjs/microservices';
import { EmptyError, TimeoutError, firstValueFrom, throwError, timeout } from 'rxjs';
import { InProcessBroker, InProcessClient } from './in-process.transport';

const PATTERN = 'rpc.decision.probe.v1';

/** A client whose broker answers PATTERN with `answer` (a Nest handler: a value, or an Observable). */
function clientAnswering(answer: (data: unknown) => unknown): InProcessClient {
  const broker = new InProcessBroker();
  broker.register(PATTERN, ((data: unknown) => Promise.resolve(answer(data))) as MessageHandler);
  return new InProcessClient(broker);
}

/** What RpcClient got before the promise path: the Observable send, its deadline, the first value. */
function overObservable(client: InProcessClient, data: unknown, deadlineMs: number): Promise<unknown> {
  return firstValueFrom(client.send(PATTERN, data).pipe(timeout(deadlineMs)));
}

const outcome = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    (value) => ({ value }),
    (err: unknown) => ({ error: err instanceof Error ? err.constructor.name : err }),
  );

describe('InProcessClient.request', () => {
  it('should answer a JSON copy of the answer, as the Observable send does, when the handler answers', async () => {
    const sent = { meta: { requestId: 'r1' }, data: { when: new Date('2026-01-01T00:00:00Z'), skip: undefined } };
    const client = clientAnswering((data) => ({ echoed: data, at: new Date('2026-02-01T00:00:00Z') }));
    const answer = await client.request(PATTERN, sent, 1000);
    expect(answer).toEqual({
      echoed: { meta: { requestId: 'r1' }, data: { when: '2026-01-01T00:00:00.000Z' } },
      at: '2026-02-01T00:00:00.000Z',
    });
    expect(answer).toEqual(await overObservable(client, sent, 1000));
  });

  it('should reject with the copied error, as the Observable send does, when the handler fails', async () => {
    const envelope = { error: 'not_found', message: 'No such place.', status: 404 };
    const client = clientAnswering(() => throwError(() => envelope));
    await expect(client.request(PATTERN, {}, 1000)).rejects.toEqual(envelope);
    expect(await outcome(client.request(PATTERN, {}, 1000))).toEqual(await outcome(overObservable(client, {}, 1000)));
  });

  it('should reject with TimeoutError and drop the late answer when the handler misses the deadline', async () => {
    const client = clientAnswering(() => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 50)));
    await expect(client.request(PATTERN, {}, 10)).rejects.toBeInstanceOf(TimeoutError);
    await expect(overObservable(client, {}, 10)).rejects.toBeInstanceOf(TimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 60)); // the late answers arrive and go nowhere
  });

  it('should reject with EmptyError, as the Observable send does, when the handler answers nothing', async () => {
    const client = clientAnswering(() => undefined);
    await expect(client.request(PATTERN, {}, 1000)).rejects.toBeInstanceOf(EmptyError);
    await expect(overObservable(client, {}, 1000)).rejects.toBeInstanceOf(EmptyError);
  });

  it('should reject with the same message as the Observable send when no handler is registered', async () => {
    const client = new InProcessClient(new InProcessBroker());
    const expected = `There is no handler for ${PATTERN}`;
    await expect(client.request(PATTERN, {}, 1000)).rejects.toBe(expected);
    await expect(overObservable(client, {}, 1000)).rejects.toBe(expected);
  });
});
