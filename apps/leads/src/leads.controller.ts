import { Controller } from '@nestjs/common';
import {
  AvailabilityRequest,
  BookingActionRequest,
  CreateBookingRequest,
  CreateInquiryRequest,
  CreateSlotRequest,
  InquiryMessageRequest,
  InquiryRefRequest,
  ListBookingsRequest,
  ListInquiriesRequest,
  ListLeadsRequest,
  ListSlotsRequest,
  PhoneRevealRequest,
  SlotRefRequest,
  SurveyRequest,
  UpdateLeadRequest,
  LeadsRpc,
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
import { MessageData, RpcHandler } from '@app/messaging';
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

  @RpcHandler(LeadsRpc.createInquiry)
  createInquiry(@MessageData() request: CreateInquiryRequest): Promise<InquiryCreatedResponse> {
    return this.inquiries.create(request);
  }

  @RpcHandler(LeadsRpc.listInquiries)
  listInquiries(@MessageData() request: ListInquiriesRequest): Promise<InquiriesPageResponse> {
    return this.inquiries.list(request);
  }

  @RpcHandler(LeadsRpc.getInquiry)
  getInquiry(@MessageData() request: InquiryRefRequest): Promise<InquiryThreadResponse> {
    return this.inquiries.get(request);
  }

  @RpcHandler(LeadsRpc.addMessage)
  addMessage(@MessageData() request: InquiryMessageRequest): Promise<InquiryMessageResponse> {
    return this.inquiries.addMessage(request);
  }

  @RpcHandler(LeadsRpc.closeInquiry)
  closeInquiry(@MessageData() request: InquiryRefRequest): Promise<InquiryThreadResponse> {
    return this.inquiries.close(request);
  }

  @RpcHandler(LeadsRpc.listSlots)
  listSlots(@MessageData() request: ListSlotsRequest): Promise<SlotsResponse> {
    return this.slots.list(request);
  }

  @RpcHandler(LeadsRpc.createSlot)
  createSlot(@MessageData() request: CreateSlotRequest): Promise<SlotResponse | SlotRuleResponse> {
    return this.slots.create(request);
  }

  @RpcHandler(LeadsRpc.deleteSlot)
  async deleteSlot(@MessageData() request: SlotRefRequest): Promise<{ deleted: true }> {
    await this.slots.delete(request);
    return { deleted: true };
  }

  @RpcHandler(LeadsRpc.availability)
  availability(@MessageData() request: AvailabilityRequest): Promise<AvailabilityResponse> {
    return this.slots.availability(request);
  }

  @RpcHandler(LeadsRpc.createBooking)
  createBooking(@MessageData() request: CreateBookingRequest): Promise<BookingCreatedResponse> {
    return this.bookings.create(request);
  }

  @RpcHandler(LeadsRpc.listBookings)
  listBookings(@MessageData() request: ListBookingsRequest): Promise<BookingsPageResponse> {
    return this.bookings.list(request);
  }

  @RpcHandler(LeadsRpc.actOnBooking)
  actOnBooking(@MessageData() request: BookingActionRequest): Promise<BookingResponse> {
    return this.bookings.act(request);
  }

  @RpcHandler(LeadsRpc.survey)
  survey(@MessageData() request: SurveyRequest): Promise<SurveyResponse> {
    return this.bookings.survey(request);
  }

  @RpcHandler(LeadsRpc.revealPhone)
  revealPhone(@MessageData() request: PhoneRevealRequest): Promise<PhoneRevealResponse> {
    return this.crm.revealPhone(request);
  }

  @RpcHandler(LeadsRpc.listLeads)
  listLeads(@MessageData() request: ListLeadsRequest): Promise<LeadsPageResponse> {
    return this.crm.list(request);
  }

  @RpcHandler(LeadsRpc.updateLead)
  updateLead(@MessageData() request: UpdateLeadRequest): Promise<LeadResponse> {
    return this.crm.update(request);
  }
}
