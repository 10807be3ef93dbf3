import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { stopTracing } from '@app/observability';

/**
 * SIGTERM or SIGINT: stop taking work, finish what is in flight (HTTP requests, messages,
 * event handlers), then run `after` (standalone stops its database last). A second signal,
 * or the deadline, exits at once.
 */
export function closeGracefullyOnSignals(
  app: Pick<INestApplicationContext, 'close'>,
  logger: LoggerService,
  timeoutMs: number,
  after: () => Promise<void> = () => Promise.resolve(),
): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      logger.warn?.(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    logger.log(`${signal} received: draining in-flight work`);
    const deadline = setTimeout(() => {
      logger.error(`Shutdown took longer than ${timeoutMs} ms: exiting`);
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    void app
      .close()
      .then(after)
      .then(() => stopTracing()) // the spans of the work just finished
      .then(() => {
        logger.log('Stopped cleanly');
        process.exit(0);
      })
      .catch((err: unknown) => {
        logger.error(err);
        process.exit(1);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
