import { Injectable } from '@nestjs/common';
import { BILLING_LEAD_CREDITS_ADDED } from '@app/contracts';
import type { LeadCreditsAddedPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { LeadCharges } from '../crm/lead-charges';
import { LEADS_DATABASE } from '../database/leads.database';

/** Credit arrived: the workspace's locked leads are paid for, oldest first, and unlocked. */
@Injectable()
@EventConsumer(LEADS_DATABASE)
export class LeadCreditsConsumer {
  constructor(private readonly charges: LeadCharges) {}

  /** Charging happens in billing, keyed on each lead: a redelivered event charges nothing twice. */
  @OnEvent({ subject: BILLING_LEAD_CREDITS_ADDED, name: 'lead-credits-added' })
  async onLeadCreditsAdded(event: DomainEvent<LeadCreditsAddedPayload>): Promise<void> {
    await this.charges.unlockWorkspace(event.payload.workspace_id);
  }
}
