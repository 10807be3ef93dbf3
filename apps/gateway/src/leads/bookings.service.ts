import { Injectable } from '@nestjs/common';
import { LeadsRpc, pageOf } from '@app/contracts';
import type {
  BookingAction,
  BookingCreatedResponse,
  BookingResponse,
  BookingsPageResponse,
  CreateBookingBody,
  ListBookingsQuery,
  Principal,
  SurveyBody,
  SurveyResponse,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { LeadParties, pathId, sideOf, viewerOf } from './lead-parties';

/** Viewing bookings for REST and MCP alike: each side's actions and the buyer's survey. */
@Injectable()
export class BookingsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly parties: LeadParties,
  ) {}

  async create(principal: Principal, body: CreateBookingBody): Promise<BookingCreatedResponse> {
    return this.rpc.call(LeadsRpc.createBooking, { ...(await this.parties.buyer(principal)), ...body });
  }

  list(principal: Principal, query: ListBookingsQuery): Promise<BookingsPageResponse> {
    return this.rpc.call(LeadsRpc.listBookings, {
      ...viewerOf(principal),
      ...query,
      as: sideOf(principal, query.as),
      ...pageOf(query),
    });
  }

  /** confirm, reject, propose (with the new time), complete, cancel, accept: the leads service checks who may. */
  act(
    principal: Principal,
    id: string,
    action: BookingAction,
    change: { reason?: string; scheduled_at?: string } = {},
  ): Promise<BookingResponse> {
    return this.rpc.call(LeadsRpc.actOnBooking, {
      ...viewerOf(principal),
      ...change,
      id: pathId(id, 'booking'),
      action,
    });
  }

  survey(principal: Principal, id: string, body: SurveyBody): Promise<SurveyResponse> {
    return this.rpc.call(LeadsRpc.survey, { ...viewerOf(principal), ...body, id: pathId(id, 'booking') });
  }
}
