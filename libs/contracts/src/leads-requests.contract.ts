import { IsIn, IsISO8601, IsOptional, IsString, IsUUID, MaxLength } from '@app/validation';
import {
  CreateBookingBody,
  CreateInquiryBody,
  CreateSlotBody,
  InquiryMessageBody,
  ListBookingsQuery,
  ListInquiriesQuery,
  ListLeadsQuery,
  ListSlotsQuery,
  SurveyBody,
  UpdateLeadBody,
} from './leads-http.contract';
import { BOOKING_ACTIONS, BuyerRef, ByBuyer, ByOwner, ByViewer, OwnerRef, ViewerRef } from './leads.contract';
import type { BookingAction, LeadSide, PreferredContact } from './leads.contract';
import { rpc } from './rpc-descriptor';
import type {
  AvailabilityResponse,
  BookingCreatedResponse,
  BookingResponse,
  BookingsPageResponse,
  InquiriesPageResponse,
  InquiryCreatedResponse,
  InquiryMessageResponse,
  InquiryThreadResponse,
  LeadResponse,
  LeadsPageResponse,
  SlotResponse,
  SlotRuleResponse,
  SlotsResponse,
  SurveyResponse,
} from './leads-responses.contract';

/**
 * The leads service's requests: a route's body or query (leads-http.contract.ts) with the caller
 * the gateway adds, so a field added to a body reaches the service with its rules, written once.
 * Fields the gateway always fills (a default, the page) are declared present here.
 */

export class CreateInquiryRequest extends ByBuyer(CreateInquiryBody) {
  declare preferred_contact: PreferredContact;
}

export class InquiryMessageRequest extends ByViewer(InquiryMessageBody) {
  @IsUUID()
  id: string;
}

export class CreateSlotRequest extends ByOwner(CreateSlotBody) {
  declare duration_minutes: number;
}

export class ListSlotsRequest extends ByOwner(ListSlotsQuery) {}

export class CreateBookingRequest extends ByBuyer(CreateBookingBody) {}

export class SurveyRequest extends ByViewer(SurveyBody) {
  @IsUUID()
  id: string;
}

export class ListLeadsRequest extends ByOwner(ListLeadsQuery) {
  declare limit: number;
  declare offset: number;
}

export class UpdateLeadRequest extends ByOwner(UpdateLeadBody) {
  @IsUUID()
  id: string;
}

export class ListInquiriesRequest extends ByViewer(ListInquiriesQuery) {
  declare as: LeadSide;
  declare limit: number;
  declare offset: number;
}

export class InquiryRefRequest extends ViewerRef {
  @IsUUID()
  id: string;
}

export class SlotRefRequest extends OwnerRef {
  @IsUUID()
  id: string;
}

export class AvailabilityRequest {
  @IsUUID()
  property_id: string;

  @IsISO8601({ strict: true })
  from: string;

  @IsISO8601({ strict: true })
  to: string;
}

export class BookingActionRequest extends ViewerRef {
  @IsUUID()
  id: string;

  @IsIn(BOOKING_ACTIONS)
  action: BookingAction;

  /** propose: the new time (an open slot). */
  @IsOptional()
  @IsISO8601({ strict: true })
  scheduled_at?: string;

  /** reject, cancel, propose: a note for the other side. */
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  reason?: string;
}

export class ListBookingsRequest extends ByViewer(ListBookingsQuery) {
  declare as: LeadSide;
  declare limit: number;
  declare offset: number;
}

export class PhoneRevealRequest extends BuyerRef {
  @IsUUID()
  property_id: string;
}

export interface PhoneRevealResponse {
  property_id: string;
  lead_id: string;
  /** The account whose phone the buyer may now see (the listing's broker). */
  broker_id: string;
  charged: boolean;
}

/**
 * The leads service: inquiries and their threads, viewing slots and bookings, surveys,
 * phone reveals and the CRM pipeline (spec 2.5-2.7, 3, 4.4, 4.5, design/decisions.md).
 */
export const LeadsRpc = {
  createInquiry: rpc<CreateInquiryRequest, InquiryCreatedResponse>('rpc.leads.inquiries.create.v1'),
  listInquiries: rpc<ListInquiriesRequest, InquiriesPageResponse>('rpc.leads.inquiries.list.v1'),
  getInquiry: rpc<InquiryRefRequest, InquiryThreadResponse>('rpc.leads.inquiries.get.v1'),
  addMessage: rpc<InquiryMessageRequest, InquiryMessageResponse>('rpc.leads.inquiries.message.v1'),
  closeInquiry: rpc<InquiryRefRequest, InquiryThreadResponse>('rpc.leads.inquiries.close.v1'),
  listSlots: rpc<ListSlotsRequest, SlotsResponse>('rpc.leads.slots.list.v1'),
  createSlot: rpc<CreateSlotRequest, SlotResponse | SlotRuleResponse>('rpc.leads.slots.create.v1'),
  deleteSlot: rpc<SlotRefRequest, { deleted: true }>('rpc.leads.slots.delete.v1'),
  availability: rpc<AvailabilityRequest, AvailabilityResponse>('rpc.leads.availability.v1'),
  createBooking: rpc<CreateBookingRequest, BookingCreatedResponse>('rpc.leads.bookings.create.v1'),
  listBookings: rpc<ListBookingsRequest, BookingsPageResponse>('rpc.leads.bookings.list.v1'),
  actOnBooking: rpc<BookingActionRequest, BookingResponse>('rpc.leads.bookings.action.v1'),
  survey: rpc<SurveyRequest, SurveyResponse>('rpc.leads.bookings.survey.v1'),
  revealPhone: rpc<PhoneRevealRequest, PhoneRevealResponse>('rpc.leads.phone-reveal.v1'),
  listLeads: rpc<ListLeadsRequest, LeadsPageResponse>('rpc.leads.crm.list.v1'),
  updateLead: rpc<UpdateLeadRequest, LeadResponse>('rpc.leads.crm.update.v1'),
};
