import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  LEADS_INQUIRY_CLOSED,
  LEADS_INQUIRY_CREATED,
  LEADS_INQUIRY_MESSAGE_ADDED,
  LEADS_INQUIRY_REPLIED,
  pageFrom,
} from '@app/contracts';
import type {
  CreateInquiryRequest,
  InquiriesPageResponse,
  InquiryCreatedResponse,
  InquiryMessageRequest,
  InquiryMessageResponse,
  InquiryRefRequest,
  InquiryThreadResponse,
  LeadSide,
  LeadsEventPayload,
  ListInquiriesRequest,
  ViewerRef,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { Outbox } from '@app/messaging';
import { LeadCharges } from '../crm/lead-charges';
import { CatalogueClient, ownListing } from '../listings/catalogue.client';
import { eventParties, ownerColumns } from '../listings/listing-owner';
import { InquiriesRepository } from './inquiries.repository';
import type { InquiryRow } from './inquiries.repository';
import { toInquiryResponse, toMessageResponse, toNewInquiry } from './inquiry.dto';

/** Inquiry threads between a buyer and a listing's broker or seller (spec 2.5, 3, 4.4). */
@Injectable()
export class InquiriesService {
  constructor(
    private readonly inquiries: InquiriesRepository,
    private readonly catalogue: CatalogueClient,
    private readonly charges: LeadCharges,
    private readonly outbox: Outbox,
  ) {}

  /** 10 per rolling hour per buyer, counted under a per-buyer database lock: exact across replicas. */
  async create(request: CreateInquiryRequest): Promise<InquiryCreatedResponse> {
    const listing = await this.catalogue.published(request.property_id);
    if (ownListing(listing, request.buyer, request.buyer_workspace_id)) {
      throw new AppError('self_inquiry_forbidden', 'This listing is your own.');
    }
    const { inquiry, opened } = await this.inquiries.transaction(async (tx) => {
      const roomAt = await this.inquiries.hourlyRoom(tx, request.buyer.account_id);
      if (roomAt) {
        const wait = Math.max(1, Math.ceil((roomAt.getTime() - Date.now()) / 1000));
        throw new AppError('rate_limited', `At most 10 inquiries an hour. Try again in ${wait} seconds.`, {
          retry_after: wait,
          details: { retry_after: wait },
        });
      }
      const opened = await this.charges.open(tx, listing, {
        ...ownerColumns(listing),
        listing_id: listing.id,
        buyer_id: request.buyer.account_id,
        buyer_name: request.buyer.name,
        buyer_email: request.buyer.email,
        buyer_phone: request.buyer.phone ?? null,
        preferred_contact: request.preferred_contact,
        source: 'inquiry',
      });
      const inquiry = await this.inquiries.insert(tx, toNewInquiry(request, listing, opened.lead.id));
      await this.emit(tx, LEADS_INQUIRY_CREATED, inquiry);
      return { inquiry, opened };
    });
    const charged = await this.charges.chargeNew(opened);
    return { inquiry: toInquiryResponse(inquiry), charged };
  }

  async list(request: ListInquiriesRequest): Promise<InquiriesPageResponse> {
    if (request.as === 'broker' && !request.workspace_id && !request.seller_id) {
      throw new AppError('forbidden', 'Only members of a workspace, or sellers, see inquiries about their listings.');
    }
    const rows = await this.inquiries.page(request);
    return pageFrom(rows, request, toInquiryResponse);
  }

  async get(request: InquiryRefRequest): Promise<InquiryThreadResponse> {
    const inquiry = await this.inquiries.findVisible(request.id, request);
    if (!inquiry) throw notFound();
    const messages = await this.inquiries.messages(inquiry.id);
    return { ...toInquiryResponse(inquiry), messages: messages.map(toMessageResponse) };
  }

  /** A buyer follow-up or a broker reply; the first broker reply moves open → replied. Closed threads take none. */
  async addMessage(request: InquiryMessageRequest): Promise<InquiryMessageResponse> {
    return this.inquiries.transaction(async (tx) => {
      const inquiry = await this.inquiries.findVisible(request.id, request, tx);
      if (!inquiry) throw notFound();
      if (inquiry.status === 'closed') {
        throw new AppError('invalid_state', 'This inquiry is closed.', { state: 'closed' });
      }
      const side = sideOf(inquiry, request);
      const message = await this.inquiries.addMessage(tx, {
        inquiry_id: inquiry.id,
        author_id: request.account_id,
        side,
        body: request.body,
      });
      const firstReply = side === 'broker' && inquiry.status === 'open';
      const updated = await this.inquiries.touch(
        tx,
        inquiry.id,
        firstReply ? 'replied' : inquiry.status,
        message.created_at,
      );
      await this.emit(tx, firstReply ? LEADS_INQUIRY_REPLIED : LEADS_INQUIRY_MESSAGE_ADDED, updated, {
        message_id: message.id,
        reason: side,
      });
      return toMessageResponse(message);
    });
  }

  /** Either side closes a thread; closing a closed thread is 409 invalid_state. */
  async close(request: InquiryRefRequest): Promise<InquiryThreadResponse> {
    await this.inquiries.transaction(async (tx) => {
      const inquiry = await this.inquiries.findVisible(request.id, request, tx);
      if (!inquiry) throw notFound();
      if (inquiry.status === 'closed') {
        throw new AppError('invalid_state', 'This inquiry is already closed.', { state: 'closed' });
      }
      const closed = await this.inquiries.close(tx, inquiry.id, sideOf(inquiry, request));
      await this.emit(tx, LEADS_INQUIRY_CLOSED, closed, { reason: closed.closed_reason });
    });
    return this.get(request);
  }

  /** The catalogue deleted a listing: its threads close (spec 3). */
  async closeForListing(tx: EntityManager, listingId: string): Promise<void> {
    for (const closed of await this.inquiries.closeForListing(tx, listingId))
      await this.emit(tx, LEADS_INQUIRY_CLOSED, closed, { reason: 'listing_deleted' });
  }

  /** Threads quiet for `days` close; returns how many. */
  async closeExpired(days: number): Promise<number> {
    let total = 0;
    for (;;) {
      const closed = await this.inquiries.transaction(async (tx) => {
        const rows = await this.inquiries.closeExpired(tx, days, 200);
        for (const row of rows) await this.emit(tx, LEADS_INQUIRY_CLOSED, row, { reason: 'expired' });
        return rows.length;
      });
      total += closed;
      if (closed < 200) return total;
    }
  }

  private async emit(
    tx: EntityManager,
    subject: string,
    inquiry: InquiryRow,
    extra: Partial<LeadsEventPayload> = {},
  ): Promise<void> {
    await this.outbox.add<LeadsEventPayload>(tx, subject, {
      ...eventParties(inquiry),
      broker_id: inquiry.broker_id,
      lead_id: inquiry.lead_id,
      inquiry_id: inquiry.id,
      status: inquiry.status,
      ...extra,
    });
  }
}

/** The buyer writes as the buyer; anyone else who can see the thread is its listing's owner (workspace or seller). */
function sideOf(inquiry: InquiryRow, viewer: ViewerRef): LeadSide {
  return inquiry.buyer_id === viewer.account_id ? 'buyer' : 'broker';
}

function notFound(): AppError {
  return new AppError('not_found', 'There is no such inquiry among yours.');
}
