import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { PeriodicTask } from '@app/platform';
import { Clock } from '../clock/clock';
import { notificationConfig } from '../config/notification.env';
import { NotificationPlanner } from '../rules/notification-planner';
import { DigestsRepository } from './digests.repository';

/** Every NOTIFICATION_POLL_MS, turns the digest windows that closed into summary messages. */
@Injectable()
export class DigestWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DigestWorker.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly digests: DigestsRepository,
    private readonly planner: NotificationPlanner,
    private readonly clock: Clock,
    @InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>,
  ) {
    this.task = new PeriodicTask(() => this.flush(), this.logger, 'Digest round failed; the next one retries');
  }

  onApplicationBootstrap(): void {
    this.task.start(this.config.NOTIFICATION_POLL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async flush(): Promise<void> {
    await this.digests.flushDue(this.clock.now(), (digest, tx) => this.planner.planDigest(digest, tx));
  }
}
