import { Injectable } from '@nestjs/common';
import { pageFrom } from '@app/contracts';
import type {
  LeadResponse,
  LeadsPageResponse,
  ListLeadsRequest,
  PhoneRevealRequest,
  PhoneRevealResponse,
  UpdateLeadRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { CatalogueClient, ownListing } from '../listings/catalogue.client';
import { ownerColumns } from '../listings/listing-owner';
import { LeadCharges } from './lead-charges';
import { toLeadResponse } from './lead.dto';
import { LeadsRepository } from './leads.repository';

/** The broker's (or seller's) pipeline of leads, and the buyer's phone reveal that can open one. */
@Injectable()
export class CrmService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly charges: LeadCharges,
    private readonly catalogue: CatalogueClient,
  ) {}

  async list(request: ListLeadsRequest): Promise<LeadsPageResponse> {
    const rows = await this.leads.page(request);
    return pageFrom(rows, request, toLeadResponse);
  }

  async update(request: UpdateLeadRequest): Promise<LeadResponse> {
    const row = await this.leads.transaction(async (tx) => {
      const lead = await this.leads.find(request, request.id, tx);
      if (!lead) throw new AppError('not_found', 'There is no such lead among yours.');
      return this.leads.update(
        tx,
        lead.id,
        request.stage ?? lead.stage,
        request.outcome !== undefined ? request.outcome : lead.outcome,
      );
    });
    return toLeadResponse(row);
  }

  /** The buyer may call the broker: a lead like an inquiry or a booking, charged the same way. */
  async revealPhone(request: PhoneRevealRequest): Promise<PhoneRevealResponse> {
    const listing = await this.catalogue.published(request.property_id);
    if (ownListing(listing, request.buyer, request.buyer_workspace_id)) {
      throw new AppError('forbidden', 'This listing is your own.');
    }
    if (!listing.broker_id) throw new AppError('not_found', 'This listing has no broker phone to show.');
    const opened = await this.leads.transaction((tx) =>
      this.charges.open(tx, listing, {
        ...ownerColumns(listing),
        listing_id: listing.id,
        buyer_id: request.buyer.account_id,
        buyer_name: request.buyer.name,
        buyer_email: request.buyer.email,
        buyer_phone: request.buyer.phone ?? null,
        preferred_contact: 'phone',
        source: 'phone_reveal',
      }),
    );
    const charged = await this.charges.chargeNew(opened);
    return { property_id: listing.id, lead_id: opened.lead.id, broker_id: listing.broker_id, charged };
  }
}
