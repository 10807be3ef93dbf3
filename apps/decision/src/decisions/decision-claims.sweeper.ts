import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { PeriodicTask } from '@app/platform';
import { decisionConfig } from '../config/decision.env';
import { DecisionsRepository } from './decisions.repository';

/** A sweep every quarter of the stale age, at most every 15 s. */
const MAX_SWEEP_INTERVAL_MS = 15_000;

/**
 * A decision process killed mid-request leaves its Idempotency-Key claimed and, perhaps, its
 * debit made and never refunded. Every replica sweeps: claims pending longer than
 * DECISION_CLAIM_STALE_S are abandoned and billing refunds their debits from the event, so a
 * crash never keeps a charge without an answer, and the client's retry with the key is served.
 */
@Injectable()
export class DecisionClaimsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DecisionClaimsSweeper.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly repository: DecisionsRepository,
    @InjectConfig(decisionConfig) private readonly config: AppConfig<typeof decisionConfig>,
  ) {
    this.task = new PeriodicTask(() => this.sweep(), this.logger, 'Sweeping stale decision claims failed; will retry');
  }

  onApplicationBootstrap(): void {
    this.task.start(Math.min((this.config.DECISION_CLAIM_STALE_S * 1000) / 4, MAX_SWEEP_INTERVAL_MS));
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async sweep(): Promise<void> {
    const abandoned = await this.repository.abandonStaleClaims(this.config.DECISION_CLAIM_STALE_S);
    if (abandoned > 0)
      this.logger.warn(`Abandoned ${abandoned} decision claims left by a dead request; debits refunded`);
  }
}
