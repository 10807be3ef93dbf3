import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { PeriodicTask } from '@app/platform';
import { Clock } from '../clock/clock';
import { notificationConfig } from '../config/notification.env';
import { NotificationPlanner } from '../rules/notification-planner';
import { SavedSearchAlertsRepository } from './saved-search-alerts.repository';

/** Every NOTIFICATION_POLL_MS, sends the saved-search alerts whose window or digest period ended. */
@Injectable()
export class SavedSearchAlertWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SavedSearchAlertWorker.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly alerts: SavedSearchAlertsRepository,
    private readonly planner: NotificationPlanner,
    private readonly clock: Clock,
    @InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>,
  ) {
    this.task = new PeriodicTask(
      () => this.flush(),
      this.logger,
      'Saved-search alert round failed; the next one retries',
    );
  }

  onApplicationBootstrap(): void {
    this.task.start(this.config.NOTIFICATION_POLL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async flush(): Promise<void> {
    await this.alerts.flushDue(this.clock.now(), (alert, tx) => this.planner.planSavedSearchAlert(alert, tx));
  }
}
