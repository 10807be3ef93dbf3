import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '@app/config';
import { PeriodicTask } from '@app/platform';
import type { AppConfig } from '@app/config';
import { Channel, PermanentFailure } from '../channels/channel';
import { notificationConfig } from '../config/notification.env';
import { DeliveriesRepository } from './deliveries.repository';
import type { DeliveryRow } from './deliveries.repository';
import { InjectChannels } from './channels.token';

const BATCH = 20;
const MAX_BACKOFF_MS = 3_600_000;

/** Exponential backoff: base, 2×base, 4×base…, capped at an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * Sends what is due, every NOTIFICATION_POLL_MS. A failing channel only delays its own
 * deliveries (retried with backoff, dead after NOTIFICATION_MAX_ATTEMPTS); the others go on.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DeliveryWorker.name);
  private readonly channels: Map<string, Channel>;
  private readonly task: PeriodicTask;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    @InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>,
    @InjectChannels() channels: Channel[],
  ) {
    this.channels = new Map(channels.map((channel) => [channel.name, channel]));
    this.task = new PeriodicTask(() => this.drain(), this.logger, 'Delivery round failed; the next one retries');
  }

  onApplicationBootstrap(): void {
    this.task.start(this.config.NOTIFICATION_POLL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Sends batches until nothing is due. */
  async drain(): Promise<void> {
    for (;;) {
      const due = await this.deliveries.claimDue(BATCH);
      await Promise.all(due.map((delivery) => this.deliver(delivery)));
      if (due.length < BATCH) return;
    }
  }

  private async deliver(delivery: DeliveryRow): Promise<void> {
    try {
      const channel = this.channels.get(delivery.channel);
      if (!channel) throw new Error(`No ${delivery.channel} channel is set up`);
      await channel.send(delivery);
      await this.deliveries.markSent(delivery.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const dead = err instanceof PermanentFailure || delivery.attempts >= this.config.NOTIFICATION_MAX_ATTEMPTS;
      await this.deliveries.markFailed(
        delivery.id,
        message.slice(0, 500),
        dead ? null : retryDelayMs(delivery.attempts, this.config.NOTIFICATION_RETRY_BASE_MS),
      );
      const log = { delivery_id: delivery.id, channel: delivery.channel, attempts: delivery.attempts, error: message };
      if (dead) this.logger.error(log, 'Notification dead-lettered');
      else this.logger.warn(log, 'Notification failed; will retry');
    }
  }
}
