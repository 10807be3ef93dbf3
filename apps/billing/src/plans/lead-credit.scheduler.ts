import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { billingConfig } from '../config/billing.env';
import { PlansService } from './plans.service';

/** Every LEAD_CREDIT_GRANT_INTERVAL_MS, grants the current month's lead credits that are missing. */
@Injectable()
export class LeadCreditScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LeadCreditScheduler.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly plans: PlansService,
    @InjectConfig(billingConfig) private readonly config: AppConfig<typeof billingConfig>,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), this.config.LEAD_CREDIT_GRANT_INTERVAL_MS);
    this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.plans
      .grantCurrentPeriod()
      .then((granted) => {
        if (granted > 0) this.logger.log(`granted monthly lead credits to ${granted} workspace(s)`);
      })
      .catch((err: unknown) => this.logger.error(err instanceof Error ? err.message : String(err)))
      .finally(() => {
        this.running = undefined;
      });
  }
}
