import { Injectable } from '@nestjs/common';
import { LeadsRpc, ListingsRpc } from '@app/contracts';
import type {
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
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The leads service, typed. */
@Injectable()
export class LeadsClient {
  constructor(private readonly rpc: RpcClient) {}

  createInquiry = (r: CreateInquiryRequest) => this.rpc.call(LeadsRpc.createInquiry, r);
  listInquiries = (r: ListInquiriesRequest) => this.rpc.call(LeadsRpc.listInquiries, r);
  getInquiry = (r: InquiryRefRequest) => this.rpc.call(LeadsRpc.getInquiry, r);
  addMessage = (r: InquiryMessageRequest) => this.rpc.call(LeadsRpc.addMessage, r);
  closeInquiry = (r: InquiryRefRequest) => this.rpc.call(LeadsRpc.closeInquiry, r);
  listSlots = (r: ListSlotsRequest) => this.rpc.call(LeadsRpc.listSlots, r);
  createSlot = (r: CreateSlotRequest) => this.rpc.call(LeadsRpc.createSlot, r);
  deleteSlot = (r: SlotRefRequest) => this.rpc.call(LeadsRpc.deleteSlot, r);
  availability = (r: AvailabilityRequest) => this.rpc.call(LeadsRpc.availability, r);
  createBooking = (r: CreateBookingRequest) => this.rpc.call(LeadsRpc.createBooking, r);
  listBookings = (r: ListBookingsRequest) => this.rpc.call(LeadsRpc.listBookings, r);
  actOnBooking = (r: BookingActionRequest) => this.rpc.call(LeadsRpc.actOnBooking, r);
  survey = (r: SurveyRequest) => this.rpc.call(LeadsRpc.survey, r);
  revealPhone = (r: PhoneRevealRequest) => this.rpc.call(LeadsRpc.revealPhone, r);
  listLeads = (r: ListLeadsRequest) => this.rpc.call(LeadsRpc.listLeads, r);
  updateLead = (r: UpdateLeadRequest) => this.rpc.call(LeadsRpc.updateLead, r);
  listingOwner = (id: string) => this.rpc.call(ListingsRpc.owner, { id });
}
