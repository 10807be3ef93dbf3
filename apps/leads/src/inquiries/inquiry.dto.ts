import type {
  CreateInquiryRequest,
  InquiryMessageResponse,
  InquiryResponse,
  ListingOwnerResponse,
} from '@app/contracts';
import { ownerColumns } from '../listings/listing-owner';
import type { InquiryRow, MessageRow, NewInquiry } from './inquiries.repository';

/** The thread a buyer's request opens, on the lead it belongs to: what they asked, column by column. */
export function toNewInquiry(request: CreateInquiryRequest, listing: ListingOwnerResponse, leadId: string): NewInquiry {
  return {
    lead_id: leadId,
    ...ownerColumns(listing),
    listing_id: listing.id,
    buyer_id: request.buyer.account_id,
    broker_id: listing.broker_id,
    question: request.question,
    preferred_contact: request.preferred_contact,
    preferred_language: request.preferred_language ?? null,
  };
}

export function toInquiryResponse(row: InquiryRow): InquiryResponse {
  return {
    id: row.id,
    property_id: row.listing_id,
    user_id: row.buyer_id,
    broker_id: row.broker_id,
    question: row.question,
    preferred_contact: row.preferred_contact,
    preferred_language: row.preferred_language,
    status: row.status,
    closed_reason: row.closed_reason,
    lead_id: row.lead_id,
    last_message_at: new Date(row.last_message_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toMessageResponse(row: MessageRow): InquiryMessageResponse {
  return {
    id: row.id,
    inquiry_id: row.inquiry_id,
    author_id: row.author_id,
    side: row.side,
    body: row.body,
    created_at: new Date(row.created_at).toISOString(),
  };
}
