import { Injectable } from '@nestjs/common';
import {
  CATALOGUE_LISTING_OWNER_PATTERN,
  LEADS_AVAILABILITY_PATTERN,
  LEADS_BOOKING_ACTION_PATTERN,
  LEADS_BOOKING_CREATE_PATTERN,
  LEADS_BOOKING_LIST_PATTERN,
  LEADS_BOOKING_SURVEY_PATTERN,
  LEADS_CRM_LIST_PATTERN,
  LEADS_CRM_UPDATE_PATTERN,
  LEADS_INQUIRY_CLOSE_PATTERN,
  LEADS_INQUIRY_CREATE_PATTERN,
  LEADS_INQUIRY_GET_PATTERN,
  LEADS_INQUIRY_LIST_PATTERN,
  LEADS_INQUIRY_MESSAGE_PATTERN,
  LEADS_PHONE_REVEAL_PATTERN,
  LEADS_SLOTS_CREATE_PATTERN,
  LEADS_SLOTS_DELETE_PATTERN,
  LEADS_SLOTS_LIST_PATTERN,
} from '@app/contracts';
import type {
  AvailabilityRequest,
  AvailabilityResponse,
  BookingActionRequest,
  BookingCreatedResponse,
  BookingResponse,
  BookingsPageResponse,
  CreateBookingRequest,
  CreateInquiryRequest,
  CreateSlotRequest,
  InquiriesPageResponse,
  InquiryCreatedResponse,
  InquiryMessageRequest,
  InquiryMessageResponse,
  InquiryRefRequest,
  InquiryThreadResponse,
  LeadResponse,
  LeadsPageResponse,
  ListBookingsRequest,
  ListInquiriesRequest,
  ListLeadsRequest,
  ListSlotsRequest,
  ListingOwnerResponse,
  PhoneRevealRequest,
  PhoneRevealResponse,
  SlotRefRequest,
  SlotResponse,
  SlotRuleResponse,
  SlotsResponse,
  SurveyRequest,
  SurveyResponse,
  UpdateLeadRequest,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The leads service, typed. */
@Injectable()
export class LeadsClient {
  constructor(private readonly rpc: RpcClient) {}

  createInquiry = (r: CreateInquiryRequest) => this.rpc.send<InquiryCreatedResponse>(LEADS_INQUIRY_CREATE_PATTERN, r);
  listInquiries = (r: ListInquiriesRequest) => this.rpc.send<InquiriesPageResponse>(LEADS_INQUIRY_LIST_PATTERN, r);
  getInquiry = (r: InquiryRefRequest) => this.rpc.send<InquiryThreadResponse>(LEADS_INQUIRY_GET_PATTERN, r);
  addMessage = (r: InquiryMessageRequest) => this.rpc.send<InquiryMessageResponse>(LEADS_INQUIRY_MESSAGE_PATTERN, r);
  closeInquiry = (r: InquiryRefRequest) => this.rpc.send<InquiryThreadResponse>(LEADS_INQUIRY_CLOSE_PATTERN, r);
  listSlots = (r: ListSlotsRequest) => this.rpc.send<SlotsResponse>(LEADS_SLOTS_LIST_PATTERN, r);
  createSlot = (r: CreateSlotRequest) => this.rpc.send<SlotResponse | SlotRuleResponse>(LEADS_SLOTS_CREATE_PATTERN, r);
  deleteSlot = (r: SlotRefRequest) => this.rpc.send<{ deleted: true }>(LEADS_SLOTS_DELETE_PATTERN, r);
  availability = (r: AvailabilityRequest) => this.rpc.send<AvailabilityResponse>(LEADS_AVAILABILITY_PATTERN, r);
  createBooking = (r: CreateBookingRequest) => this.rpc.send<BookingCreatedResponse>(LEADS_BOOKING_CREATE_PATTERN, r);
  listBookings = (r: ListBookingsRequest) => this.rpc.send<BookingsPageResponse>(LEADS_BOOKING_LIST_PATTERN, r);
  actOnBooking = (r: BookingActionRequest) => this.rpc.send<BookingResponse>(LEADS_BOOKING_ACTION_PATTERN, r);
  survey = (r: SurveyRequest) => this.rpc.send<SurveyResponse>(LEADS_BOOKING_SURVEY_PATTERN, r);
  revealPhone = (r: PhoneRevealRequest) => this.rpc.send<PhoneRevealResponse>(LEADS_PHONE_REVEAL_PATTERN, r);
  listLeads = (r: ListLeadsRequest) => this.rpc.send<LeadsPageResponse>(LEADS_CRM_LIST_PATTERN, r);
  updateLead = (r: UpdateLeadRequest) => this.rpc.send<LeadResponse>(LEADS_CRM_UPDATE_PATTERN, r);
  listingOwner = (id: string) => this.rpc.send<ListingOwnerResponse>(CATALOGUE_LISTING_OWNER_PATTERN, { id });
}
