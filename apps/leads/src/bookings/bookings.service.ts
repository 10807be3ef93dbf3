import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  LEADS_BOOKING_CANCELLED,
  LEADS_BOOKING_COMPLETED,
  LEADS_BOOKING_CONFIRMED,
  LEADS_BOOKING_CREATED,
  LEADS_BOOKING_PROPOSED,
  LEADS_BOOKING_REJECTED,
  LEADS_BOOKING_RESCHEDULED,
  LEADS_SURVEY_REQUESTED,
} from '@app/contracts';
import type {
  BookingAction,
  BookingActionRequest,
  BookingCreatedResponse,
  BookingResponse,
  BookingsPageResponse,
  CreateBookingRequest,
  LeadSide,
  LeadsEventPayload,
  ListBookingsRequest,
  SurveyRequest,
  SurveyResponse,
  ViewerRef,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { Outbox } from '@app/messaging';
import { LeadCharges } from '../crm/lead-charges';
import { LeadsRepository } from '../crm/leads.repository';
import type { LeadRow } from '../crm/leads.repository';
import { CatalogueClient, ownListing } from '../listings/catalogue.client';
import { eventParties, ownerColumns } from '../listings/listing-owner';
import { SlotsService } from '../slots/slots.service';
import type { SlotStart } from '../slots/slot-times';
import { assertViewingStarted, nextBookingStatus } from './booking-state';
import { toBookingResponse, toSurveyResponse } from './booking.dto';
import { BookingsRepository } from './bookings.repository';
import type { BookingRow } from './bookings.repository';

const EVENT_OF: Record<Exclude<BookingAction, 'accept'>, string> = {
  confirm: LEADS_BOOKING_CONFIRMED,
  reject: LEADS_BOOKING_REJECTED,
  propose: LEADS_BOOKING_PROPOSED,
  complete: LEADS_BOOKING_COMPLETED,
  cancel: LEADS_BOOKING_CANCELLED,
};

/** Viewing bookings at a broker's open slots (spec 3, 4.5). */
@Injectable()
export class BookingsService {
  constructor(
    private readonly bookings: BookingsRepository,
    private readonly leads: LeadsRepository,
    private readonly slots: SlotsService,
    private readonly catalogue: CatalogueClient,
    private readonly charges: LeadCharges,
    private readonly outbox: Outbox,
  ) {}

  async create(request: CreateBookingRequest): Promise<BookingCreatedResponse> {
    const listing = await this.catalogue.published(request.property_id);
    if (ownListing(listing, request.buyer, request.buyer_workspace_id)) {
      throw new AppError('self_booking_forbidden', 'This listing is your own.');
    }
    const slot = await this.openSlot(listing.id, request.scheduled_at, 'scheduled_at');
    // The buyer who holds the slot retrying (their first answer lost to a timeout) gets their booking, never 409.
    const held = await this.bookings.findHeldBy(request.buyer.account_id, listing.id, slot.starts_at);
    if (held) return { booking: toBookingResponse(held, true), charged: false };
    const { booking, opened } = await this.bookings.transaction(async (tx) => {
      const phone = request.user_phone ?? request.buyer.phone ?? null;
      const opened = await this.charges.open(tx, listing, {
        ...ownerColumns(listing),
        listing_id: listing.id,
        buyer_id: request.buyer.account_id,
        buyer_name: request.buyer.name,
        buyer_email: request.buyer.email,
        buyer_phone: phone,
        preferred_contact: 'phone',
        source: 'booking',
      });
      const booking = await this.bookings.insert(tx, {
        lead_id: opened.lead.id,
        ...ownerColumns(listing),
        listing_id: listing.id,
        buyer_id: request.buyer.account_id,
        broker_id: listing.broker_id,
        time_zone: listing.time_zone,
        scheduled_at: slot.starts_at,
        duration_minutes: slot.duration_minutes,
        status: 'pending',
        user_phone: phone,
        notes: request.notes ?? null,
        rescheduled_from: null,
      });
      await this.emit(tx, LEADS_BOOKING_CREATED, booking);
      return { booking, opened };
    });
    const charged = await this.charges.chargeNew(opened);
    return { booking: toBookingResponse(booking, true), charged }; // the buyer sees their own phone
  }

  async list(request: ListBookingsRequest): Promise<BookingsPageResponse> {
    if (request.as === 'broker' && !request.workspace_id && !request.seller_id) {
      throw new AppError('forbidden', 'Only members of a workspace, or sellers, see bookings of their listings.');
    }
    const rows = await this.bookings.page(request);
    const page = rows.slice(0, request.limit);
    const data = await this.present(page, request.as);
    return {
      object: 'list',
      data,
      limit: request.limit,
      offset: request.offset,
      has_more: rows.length > request.limit,
    };
  }

  /**
   * confirm, reject, propose, complete (the broker), cancel, accept (the buyer). Accepting a
   * proposal books the proposed time (it must still be open) as a new, confirmed booking
   * linked to this one, which becomes `rescheduled`.
   */
  async act(request: BookingActionRequest): Promise<BookingResponse> {
    const proposed = request.action === 'propose' ? await this.proposedSlot(request) : undefined;
    const result = await this.bookings.transaction(async (tx) => {
      const booking = await this.bookings.findVisible(request.id, request, tx);
      if (!booking) throw notFound();
      const side = sideOf(booking, request);
      const status = nextBookingStatus(booking.status, request.action, side);
      if (request.action === 'complete') assertViewingStarted(booking, new Date());
      if (request.action === 'accept') return this.accept(tx, booking, side);
      const updated = await this.bookings.update(tx, booking.id, {
        status,
        ...(request.reason !== undefined ? { reason: request.reason } : {}),
        ...(proposed ? { proposed_at: proposed.starts_at } : {}),
      });
      await this.emit(tx, EVENT_OF[request.action], updated);
      if (request.action === 'complete') await this.emit(tx, LEADS_SURVEY_REQUESTED, updated);
      return { booking: updated, side };
    });
    const [response] = await this.present([result.booking], result.side);
    return response;
  }

  async survey(request: SurveyRequest): Promise<SurveyResponse> {
    return this.bookings.transaction(async (tx) => {
      const booking = await this.bookings.findVisible(request.id, request, tx);
      if (!booking) throw notFound();
      if (sideOf(booking, request) !== 'buyer') throw new AppError('forbidden', 'Only the buyer answers the survey.');
      if (booking.status !== 'completed') {
        throw new AppError('invalid_state', `A ${booking.status} viewing has no survey yet.`, {
          state: booking.status,
        });
      }
      const survey = await this.bookings.insertSurvey(tx, {
        booking_id: booking.id,
        buyer_id: booking.buyer_id,
        rating: request.rating,
        outcome: request.outcome ?? null,
        comment: request.comment ?? null,
      });
      return toSurveyResponse(survey);
    });
  }

  /** The catalogue deleted a listing: its bookings still ahead are cancelled. */
  async cancelForListing(tx: EntityManager, listingId: string): Promise<void> {
    for (const cancelled of await this.bookings.cancelForListing(tx, listingId))
      await this.emit(tx, LEADS_BOOKING_CANCELLED, cancelled);
  }

  private async accept(
    tx: EntityManager,
    booking: BookingRow,
    side: LeadSide,
  ): Promise<{ booking: BookingRow; side: LeadSide }> {
    if (!booking.proposed_at)
      throw new AppError('invalid_state', 'No new time was proposed.', { state: booking.status });
    const slot = await this.openSlot(booking.listing_id, new Date(booking.proposed_at).toISOString(), 'scheduled_at');
    const replacement = await this.bookings.insert(tx, {
      lead_id: booking.lead_id,
      ...ownerColumns(booking),
      listing_id: booking.listing_id,
      buyer_id: booking.buyer_id,
      broker_id: booking.broker_id,
      time_zone: booking.time_zone,
      scheduled_at: slot.starts_at,
      duration_minutes: slot.duration_minutes,
      status: 'confirmed', // the broker offered this time
      user_phone: booking.user_phone,
      notes: booking.notes,
      rescheduled_from: booking.id,
    });
    const old = await this.bookings.update(tx, booking.id, { status: 'rescheduled', rescheduled_to: replacement.id });
    await this.emit(tx, LEADS_BOOKING_RESCHEDULED, old, { status: 'rescheduled' });
    await this.emit(tx, LEADS_BOOKING_CONFIRMED, replacement);
    return { booking: replacement, side };
  }

  private async proposedSlot(request: BookingActionRequest): Promise<SlotStart> {
    if (request.scheduled_at === undefined) {
      throw new AppError('validation_error', 'Proposing needs scheduled_at: the new time.', { field: 'scheduled_at' });
    }
    const booking = await this.bookings.findVisible(request.id, request);
    if (!booking) throw notFound();
    return this.openSlot(booking.listing_id, request.scheduled_at, 'scheduled_at');
  }

  /** The slot starting at `value`, which must be in the future; taken slots are left to the unique index. */
  private async openSlot(listingId: string, value: string, field: string): Promise<SlotStart> {
    const at = new Date(value);
    if (at.getTime() <= Date.now()) {
      throw new AppError('validation_error', `${field} must be in the future.`, { field });
    }
    const slot = await this.slots.slotAt(listingId, at);
    if (!slot) {
      throw new AppError('slot_unavailable', 'This time is not one of the open viewing slots of the property.', {
        field,
      });
    }
    return slot;
  }

  private async present(rows: BookingRow[], side: LeadSide): Promise<BookingResponse[]> {
    const leads =
      side === 'broker' ? await this.leads.findMany(rows.map((row) => row.lead_id)) : new Map<string, LeadRow>();
    return rows.map((row) => toBookingResponse(row, side === 'buyer' || leads.get(row.lead_id)?.locked === false));
  }

  private async emit(
    tx: EntityManager,
    subject: string,
    booking: BookingRow,
    extra: Partial<LeadsEventPayload> = {},
  ): Promise<void> {
    await this.outbox.add<LeadsEventPayload>(tx, subject, {
      ...eventParties(booking),
      broker_id: booking.broker_id,
      lead_id: booking.lead_id,
      booking_id: booking.id,
      scheduled_at: new Date(booking.scheduled_at).toISOString(),
      status: booking.status,
      reason: booking.reason,
      ...extra,
    });
  }
}

function sideOf(booking: BookingRow, viewer: ViewerRef): LeadSide {
  return booking.buyer_id === viewer.account_id ? 'buyer' : 'broker';
}

function notFound(): AppError {
  return new AppError('not_found', 'There is no such booking among yours.');
}
