import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  AvailabilityRequest,
  BookingActionRequest,
  CreateBookingRequest,
  CreateInquiryRequest,
  CreateSlotRequest,
  InquiryMessageRequest,
  InquiryRefRequest,
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
  ListBookingsRequest,
  ListInquiriesRequest,
  ListLeadsRequest,
  ListSlotsRequest,
  PhoneRevealRequest,
  SlotRefRequest,
  SurveyRequest,
  UpdateLeadRequest,
} from '@app/contracts';
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
  PhoneRevealResponse,
  SlotResponse,
  SlotRuleResponse,
  SlotsResponse,
  SurveyResponse,
} from '@app/contracts';
import { MessageData } from '@app/messaging';
import { BookingsService } from './bookings/bookings.service';
import { CrmService } from './crm/crm.service';
import { InquiriesService } from './inquiries/inquiries.service';
import { SlotsService } from './slots/slots.service';

/** The leads message handlers: adapters onto the services. */
@Controller()
export class LeadsController {
  constructor(
    private readonly inquiries: InquiriesService,
    private readonly slots: SlotsService,
    private readonly bookings: BookingsService,
    private readonly crm: CrmService,
  ) {}

  @MessagePattern(LEADS_INQUIRY_CREATE_PATTERN)
  createInquiry(@MessageData() request: CreateInquiryRequest): Promise<InquiryCreatedResponse> {
    return this.inquiries.create(request);
  }

  @MessagePattern(LEADS_INQUIRY_LIST_PATTERN)
  listInquiries(@MessageData() request: ListInquiriesRequest): Promise<InquiriesPageResponse> {
    return this.inquiries.list(request);
  }

  @MessagePattern(LEADS_INQUIRY_GET_PATTERN)
  getInquiry(@MessageData() request: InquiryRefRequest): Promise<InquiryThreadResponse> {
    return this.inquiries.get(request);
  }

  @MessagePattern(LEADS_INQUIRY_MESSAGE_PATTERN)
  addMessage(@MessageData() request: InquiryMessageRequest): Promise<InquiryMessageResponse> {
    return this.inquiries.addMessage(request);
  }

  @MessagePattern(LEADS_INQUIRY_CLOSE_PATTERN)
  closeInquiry(@MessageData() request: InquiryRefRequest): Promise<InquiryThreadResponse> {
    return this.inquiries.close(request);
  }

  @MessagePattern(LEADS_SLOTS_LIST_PATTERN)
  listSlots(@MessageData() request: ListSlotsRequest): Promise<SlotsResponse> {
    return this.slots.list(request);
  }

  @MessagePattern(LEADS_SLOTS_CREATE_PATTERN)
  createSlot(@MessageData() request: CreateSlotRequest): Promise<SlotResponse | SlotRuleResponse> {
    return this.slots.create(request);
  }

  @MessagePattern(LEADS_SLOTS_DELETE_PATTERN)
  async deleteSlot(@MessageData() request: SlotRefRequest): Promise<{ deleted: true }> {
    await this.slots.delete(request);
    return { deleted: true };
  }

  @MessagePattern(LEADS_AVAILABILITY_PATTERN)
  availability(@MessageData() request: AvailabilityRequest): Promise<AvailabilityResponse> {
    return this.slots.availability(request);
  }

  @MessagePattern(LEADS_BOOKING_CREATE_PATTERN)
  createBooking(@MessageData() request: CreateBookingRequest): Promise<BookingCreatedResponse> {
    return this.bookings.create(request);
  }

  @MessagePattern(LEADS_BOOKING_LIST_PATTERN)
  listBookings(@MessageData() request: ListBookingsRequest): Promise<BookingsPageResponse> {
    return this.bookings.list(request);
  }

  @MessagePattern(LEADS_BOOKING_ACTION_PATTERN)
  actOnBooking(@MessageData() request: BookingActionRequest): Promise<BookingResponse> {
    return this.bookings.act(request);
  }

  @MessagePattern(LEADS_BOOKING_SURVEY_PATTERN)
  survey(@MessageData() request: SurveyRequest): Promise<SurveyResponse> {
    return this.bookings.survey(request);
  }

  @MessagePattern(LEADS_PHONE_REVEAL_PATTERN)
  revealPhone(@MessageData() request: PhoneRevealRequest): Promise<PhoneRevealResponse> {
    return this.crm.revealPhone(request);
  }

  @MessagePattern(LEADS_CRM_LIST_PATTERN)
  listLeads(@MessageData() request: ListLeadsRequest): Promise<LeadsPageResponse> {
    return this.crm.list(request);
  }

  @MessagePattern(LEADS_CRM_UPDATE_PATTERN)
  updateLead(@MessageData() request: UpdateLeadRequest): Promise<LeadResponse> {
    return this.crm.update(request);
  }
}
