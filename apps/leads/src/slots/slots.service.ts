import { Injectable } from '@nestjs/common';
import { AVAILABILITY_MAX_DAYS } from '@app/contracts';
import type {
  AvailabilityRequest,
  AvailabilityResponse,
  AvailableSlot,
  CreateSlotRequest,
  ListSlotsRequest,
  SlotRefRequest,
  SlotResponse,
  SlotRuleResponse,
  SlotsResponse,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { CatalogueClient } from '../listings/catalogue.client';
import { ownerColumns } from '../listings/listing-owner';
import { toRule, toSlotResponse, toSlotRuleResponse } from './slot.dto';
import { expandRule, isCalendarDate, localTimeOf, ruleStartsAt, todayIn } from './slot-times';
import type { SlotStart } from './slot-times';
import { SlotsRepository } from './slots.repository';

const DAY_MS = 86_400_000;

/** A listing owner's (workspace's or seller's) open viewing times: one-off slots and weekly rules, in the listing's time zone, stored in UTC. */
@Injectable()
export class SlotsService {
  constructor(
    private readonly slots: SlotsRepository,
    private readonly catalogue: CatalogueClient,
  ) {}

  async create(request: CreateSlotRequest): Promise<SlotResponse | SlotRuleResponse> {
    const listing = await this.catalogue.ofOwner(request.property_id, request);
    const base = {
      ...ownerColumns(listing),
      listing_id: listing.id,
      time_zone: listing.time_zone,
      duration_minutes: request.duration_minutes,
    };
    // A field sent as null counts as not sent.
    if (request.starts_at != null) {
      if (request.weekday != null || request.local_time != null) {
        throw invalid('starts_at', 'Send either starts_at (one slot) or weekday and local_time (a weekly rule).');
      }
      const startsAt = new Date(request.starts_at);
      if (startsAt.getTime() <= Date.now()) throw invalid('starts_at', 'starts_at must be in the future.');
      return toSlotResponse(await this.slots.insertSlot({ ...base, starts_at: startsAt }));
    }
    if (request.weekday == null) throw invalid('weekday', 'A weekly rule needs weekday (0 = Sunday … 6 = Saturday).');
    if (request.local_time == null) throw invalid('local_time', 'A weekly rule needs local_time (HH:MM).');
    const from = request.from ?? todayIn(listing.time_zone);
    for (const [field, value] of [
      ['from', from],
      ['until', request.until],
    ] as const)
      if (value != null && !isCalendarDate(value)) throw invalid(field, `${field} is not a calendar date.`);
    if (request.until != null && request.until < from) throw invalid('until', 'until must not be before from.');
    const rule = await this.slots.insertRule({
      ...base,
      weekday: request.weekday,
      local_time: request.local_time,
      valid_from: from,
      valid_until: request.until ?? null,
    });
    return toSlotRuleResponse(rule);
  }

  async list(request: ListSlotsRequest): Promise<SlotsResponse> {
    const { slots, rules } = await this.slots.ofOwner(request, request.property_id);
    return { object: 'list', data: [...slots.map(toSlotResponse), ...rules.map(toSlotRuleResponse)] };
  }

  async delete(request: SlotRefRequest): Promise<void> {
    if (!(await this.slots.delete(request, request.id))) {
      throw new AppError('not_found', 'There is no such slot or rule among yours.');
    }
  }

  /** Open starts of a published listing: future, unbooked, one-off and recurring, deduplicated. */
  async availability(request: AvailabilityRequest): Promise<AvailabilityResponse> {
    const listing = await this.catalogue.published(request.property_id);
    const from = new Date(Math.max(new Date(request.from).getTime(), Date.now()));
    const to = new Date(request.to);
    if (to.getTime() - new Date(request.from).getTime() > AVAILABILITY_MAX_DAYS * DAY_MS) {
      throw new AppError('invalid_param', `Ask for at most ${AVAILABILITY_MAX_DAYS} days at a time.`, { field: 'to' });
    }
    const starts = await this.openStarts(listing.id, from, to);
    const slots: AvailableSlot[] = starts.map((start) => ({
      starts_at: start.starts_at.toISOString(),
      local_time: localTimeOf(start.starts_at, listing.time_zone),
      duration_minutes: start.duration_minutes,
    }));
    return {
      property_id: listing.id,
      time_zone: listing.time_zone,
      from: from.toISOString(),
      to: to.toISOString(),
      slots,
    };
  }

  /** The slot starting exactly at `instant` (one-off first, else a rule's), or null. Bookings are not considered. */
  async slotAt(listingId: string, instant: Date): Promise<SlotStart | null> {
    const { slots, rules } = await this.slots.ofListing(listingId, instant, new Date(instant.getTime() + 1));
    if (slots[0]) return { starts_at: instant, duration_minutes: slots[0].duration_minutes };
    const rule = rules.map(toRule).find((candidate) => ruleStartsAt(candidate, instant));
    return rule ? { starts_at: instant, duration_minutes: rule.duration_minutes } : null;
  }

  private async openStarts(listingId: string, from: Date, to: Date): Promise<SlotStart[]> {
    if (to <= from) return [];
    const [{ slots, rules }, booked] = await Promise.all([
      this.slots.ofListing(listingId, from, to),
      this.slots.bookedStarts(listingId, from, to),
    ]);
    const byStart = new Map<number, SlotStart>();
    for (const slot of slots)
      byStart.set(new Date(slot.starts_at).getTime(), {
        starts_at: new Date(slot.starts_at),
        duration_minutes: slot.duration_minutes,
      });
    for (const rule of rules)
      for (const start of expandRule(toRule(rule), from, to))
        if (!byStart.has(start.starts_at.getTime())) byStart.set(start.starts_at.getTime(), start);
    return [...byStart.entries()]
      .filter(([at]) => !booked.has(at))
      .sort(([a], [b]) => a - b)
      .map(([, start]) => start);
  }
}

function invalid(field: string, message: string): AppError {
  return new AppError('validation_error', message, { field });
}
