import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LEADS_LEAD_CREATED, LEADS_LEAD_UNLOCKED } from '@app/contracts';
import type { LeadsEventPayload, ListingOwnerResponse } from '@app/contracts';
import { Outbox } from '@app/messaging';
import { LeadBillingClient } from '../billing/lead-billing.client';
import { eventParties } from '../listings/listing-owner';
import { LeadsRepository } from './leads.repository';
import type { LeadRow, NewLead } from './leads.repository';

const UNLOCK_BATCH = 100;

/**
 * A lead is one buyer on one listing (design/decisions.md). Its first inquiry, booking or
 * phone reveal costs the broker's workspace one lead credit; later ones cost nothing. With
 * no credit the buyer's action still succeeds and the lead stays locked (contact hidden)
 * until credit arrives. A seller's lead is never charged (lead credits are a workspace's)
 * and never locked.
 */
@Injectable()
export class LeadCharges {
  private readonly logger = new Logger(LeadCharges.name);

  constructor(
    private readonly leads: LeadsRepository,
    private readonly billing: LeadBillingClient,
    private readonly outbox: Outbox,
  ) {}

  /** In the action's transaction: the lead exists if and only if the action commits. */
  async open(
    tx: EntityManager,
    listing: ListingOwnerResponse,
    lead: NewLead,
  ): Promise<{ lead: LeadRow; created: boolean }> {
    const opened = await this.leads.open(tx, lead);
    if (opened.created) await this.outbox.add(tx, LEADS_LEAD_CREATED, leadEvent(opened.lead, listing.broker_id));
    return opened;
  }

  /**
   * After the action commits, the lead's one charge. True only for the caller that made the
   * lead, once it is paid for; billing keys the debit on the lead, so a retry never charges
   * twice. The sweep or a credit purchase may unlock the new lead first (it was committed
   * locked): that is the same debit, and this action is still what it paid for.
   */
  async chargeNew(opened: { lead: LeadRow; created: boolean }): Promise<boolean> {
    if (!opened.created || !opened.lead.workspace_id) return false;
    try {
      return (await this.charge(opened.lead)) !== 'no_credit';
    } catch (err) {
      // Billing unreachable: the lead stays locked and the sweep charges it later.
      this.logger.warn({ err, lead_id: opened.lead.id }, 'Could not charge a new lead; it stays locked');
      return false;
    }
  }

  /** Pays for the workspace's locked leads, oldest first, until its credit runs out. Returns how many it unlocked. */
  async unlockWorkspace(workspaceId: string): Promise<number> {
    let unlocked = 0;
    for (const lead of await this.leads.locked(workspaceId, UNLOCK_BATCH)) {
      const result = await this.charge(lead);
      if (result === 'no_credit') break;
      if (result === 'charged') unlocked++;
    }
    return unlocked;
  }

  private async charge(lead: LeadRow): Promise<'charged' | 'no_credit' | 'already'> {
    if (!lead.workspace_id) return 'already'; // a seller's lead: nothing to pay, never locked
    const entry = await this.billing.chargeLead(lead.workspace_id, lead.id);
    if (!entry) return 'no_credit';
    const paid = await this.leads.transaction(async (tx) => {
      const row = await this.leads.markCharged(tx, lead.id, entry.entry_id);
      if (row) await this.outbox.add(tx, LEADS_LEAD_UNLOCKED, leadEvent(row, null));
      return row;
    });
    return paid ? 'charged' : 'already';
  }
}

export function leadEvent(lead: LeadRow, brokerId: string | null): LeadsEventPayload {
  return { ...eventParties(lead), broker_id: brokerId, lead_id: lead.id, status: lead.locked ? 'locked' : 'unlocked' };
}
