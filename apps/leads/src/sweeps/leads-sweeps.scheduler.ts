import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '@app/config';
import { PeriodicTask } from '@app/platform';
import type { AppConfig } from '@app/config';
import { leadsConfig } from '../config/leads.env';
import { LeadCharges } from '../crm/lead-charges';
import { LeadsRepository } from '../crm/leads.repository';
import { InquiriesService } from '../inquiries/inquiries.service';

const WORKSPACES_PER_SWEEP = 100;

/**
 * Every LEADS_SWEEP_INTERVAL_MS: closes threads quiet for INQUIRY_EXPIRY_DAYS and retries
 * locked leads against billing (credit may have come while an event was missed or billing
 * was down). Safe on any number of replicas: expiry skips rows another holds, and each
 * lead's charge is keyed on the lead in billing.
 */
@Injectable()
export class LeadsSweepsScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LeadsSweepsScheduler.name);
  private readonly task = new PeriodicTask(() => this.sweep(), this.logger, 'Leads sweep failed; the next one retries');

  constructor(
    private readonly inquiries: InquiriesService,
    private readonly leads: LeadsRepository,
    private readonly charges: LeadCharges,
    @InjectConfig(leadsConfig) private readonly config: AppConfig<typeof leadsConfig>,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.config.LEADS_SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async sweep(): Promise<void> {
    const expired = await this.inquiries.closeExpired(this.config.INQUIRY_EXPIRY_DAYS);
    if (expired > 0) this.logger.log({ expired }, 'Closed quiet inquiry threads');
    for (const workspaceId of await this.leads.workspacesWithLockedLeads(WORKSPACES_PER_SWEEP))
      await this.charges.unlockWorkspace(workspaceId);
  }
}
