import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CATALOGUE_LISTING_DELETED } from '@app/contracts';
import type { ListingEventPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { BookingsService } from '../bookings/bookings.service';
import { LEADS_DATABASE } from '../database/leads.database';
import { InquiriesService } from '../inquiries/inquiries.service';

/** Deleting a listing closes its open inquiries (spec 3) and cancels its viewings still ahead. */
@Injectable()
@EventConsumer(LEADS_DATABASE)
export class ListingDeletedConsumer {
  constructor(
    private readonly inquiries: InquiriesService,
    private readonly bookings: BookingsService,
  ) {}

  @OnEvent({ subject: CATALOGUE_LISTING_DELETED, name: 'listing-deleted' })
  async onListingDeleted(event: DomainEvent<ListingEventPayload>, tx: EntityManager): Promise<void> {
    await this.inquiries.closeForListing(tx, event.payload.listing_id);
    await this.bookings.cancelForListing(tx, event.payload.listing_id);
  }
}
