import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What becomes of a claimed key once its request's answer is known. */
export interface PendingAnswer {
  /** The answer as it leaves: kept when it is a success, the key given back otherwise. */
  settle(status: number, contentType: string | undefined, payload: unknown): Promise<void>;
  /** No answer went out through Fastify (hijacked, aborted): the key is given back. */
  abandon(): Promise<void>;
}

const pending = new WeakMap<object, PendingAnswer>();

/** The request holds a key: its answer, whatever it is, settles it. */
export function awaitAnswer(request: FastifyRequest, answer: PendingAnswer): void {
  pending.set(request, answer);
}

function take(request: FastifyRequest): PendingAnswer | undefined {
  const answer = pending.get(request);
  pending.delete(request);
  return answer;
}

/**
 * Settles a claimed Idempotency-Key with the bytes actually sent: `onSend` sees the final
 * status and payload, the error filter's answers included, so a replay is byte-identical. The
 * write is awaited, so a client that has the answer finds it stored when it retries. Callback
 * hooks, not async ones: every request passes here, and only a keyed one needs a promise.
 */
export function useIdempotentReplies(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const answer = take(request);
    if (!answer) return done(null, payload);
    const contentType = reply.getHeader('content-type');
    answer.settle(reply.statusCode, typeof contentType === 'string' ? contentType : undefined, payload).then(
      () => done(null, payload),
      (err: unknown) => done(err as Error),
    );
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    const answer = take(request);
    if (!answer) return done();
    answer.abandon().then(
      () => done(),
      (err: unknown) => done(err as Error),
    );
  });
}
