import type { Logger } from '@nestjs/common';

/**
 * Runs `work` every `intervalMs`, never twice at once (a slow round skips the ticks that
 * fall inside it), and lets shutdown wait for the round in flight. A failed round is logged
 * and the next tick tries again. The timer does not keep the process alive.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly logger: Logger,
    private readonly failure: string,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.work()
      .catch((err: unknown) => this.logger.warn({ err }, this.failure))
      .finally(() => {
        this.running = undefined;
      });
  }
}
