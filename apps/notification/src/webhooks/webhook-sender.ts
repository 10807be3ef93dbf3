import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { InjectConfig } from '@app/config';
import { PeriodicTask } from '@app/platform';
import type { AppConfig } from '@app/config';
import { notificationConfig } from '../config/notification.env';
import { retryDelayMs } from '../deliveries/delivery-worker';
import { webhookUrlProblem } from './webhook-url';
import { WebhooksRepository } from './webhooks.repository';
import type { ClaimedDelivery } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

const BATCH = 20;

/**
 * POSTs due webhook deliveries, signed the Standard Webhooks way (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<HMAC-SHA256 of id.timestamp.body>`). Any 2xx is
 * delivered; anything else is retried with backoff until the retry window (24 hours) ends.
 */
@Injectable()
export class WebhookSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookSender.name);
  private readonly task = new PeriodicTask(
    () => this.drain(),
    this.logger,
    'Webhook round failed; the next one retries',
  );

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly service: WebhooksService,
    @InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.service.box) return;
    this.task.start(this.config.NOTIFICATION_POLL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async drain(): Promise<void> {
    for (;;) {
      const due = await this.webhooks.claimDue(BATCH);
      await Promise.all(due.map((delivery) => this.send(delivery)));
      if (due.length < BATCH) return;
    }
  }

  private async send(delivery: ClaimedDelivery): Promise<void> {
    let code: number | null = null;
    let error: string;
    try {
      // Checked again at send time: the name may resolve elsewhere now (DNS rebinding).
      const problem = await webhookUrlProblem(delivery.url, this.config.NODE_ENV === 'production');
      if (problem) throw new Error(problem);
      const secret = this.service.box!.open(delivery.secret_encrypted);
      const timestamp = new Date();
      const response = await fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.WEBHOOK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'property-platform-webhooks/1',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(delivery.id, timestamp, delivery.body),
        },
        body: delivery.body,
      });
      code = response.status;
      await response.body?.cancel();
      if (response.ok) {
        await this.webhooks.recordAttempt(delivery.id, { status: 'delivered', code, error: null, retryInMs: null });
        return;
      }
      error = `HTTP ${code}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const retryInMs = retryDelayMs(delivery.attempts, this.config.NOTIFICATION_RETRY_BASE_MS);
    const giveUp = Date.now() + retryInMs > new Date(delivery.give_up_at).getTime();
    await this.webhooks.recordAttempt(delivery.id, {
      status: giveUp ? 'failed' : 'pending',
      code,
      error: error.slice(0, 500),
      retryInMs: giveUp ? null : retryInMs,
    });
    if (giveUp) this.logger.warn({ delivery_id: delivery.id, error }, 'Webhook delivery failed for good');
  }
}
