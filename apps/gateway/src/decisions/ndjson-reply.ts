import type { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

export const NDJSON = 'application/x-ndjson';

/** Hands one line to the stream. */
export type WriteLine = (line: unknown) => void;

/**
 * Runs `produce` with a writer of NDJSON lines on the raw reply. Errors before the first line
 * (402, 422) are answered as usual; after it, the stream is ours, and a failure ends it without
 * its last line (the client reads the batch's state at GET /v1/decisions/batch/{id}).
 */
export async function replyNdjson(
  reply: FastifyReply,
  logger: Logger,
  produce: (write: WriteLine, closed: () => boolean) => Promise<void>,
): Promise<void> {
  let started = false;
  const write: WriteLine = (line) => {
    if (!started) {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': `${NDJSON}; charset=utf-8`, 'cache-control': 'no-store' });
      started = true;
    }
    reply.raw.write(`${JSON.stringify(line)}\n`);
  };
  try {
    await produce(write, () => reply.raw.destroyed);
  } catch (err) {
    if (!started) throw err;
    logger.error(`Batch stream broken: ${String(err)}`);
  }
  reply.raw.end();
}
