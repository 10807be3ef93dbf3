import { IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Max, Min } from '@app/validation';
import { IsCalendarDate } from '@app/validation';
import {
  BOOKING_STATUSES,
  INQUIRY_CLOSE_REASONS,
  INQUIRY_STATUSES,
  LEAD_OUTCOMES,
  LEAD_SIDES,
  LEAD_SOURCES,
  LEAD_STAGES,
  LISTING_TIME_ZONES,
  PREFERRED_CONTACTS,
} from './leads.contract';
import type {
  BookingStatus,
  InquiryCloseReason,
  InquiryStatus,
  LeadOutcome,
  LeadSide,
  LeadSource,
  LeadStage,
  PreferredContact,
} from './leads.contract';
import { LANGUAGES } from './access';
import type { Language } from './access';
import { ListPage } from './paging';

/**
 * What the leads service answers and the gateway serves as is (spec 2.5-2.7, 3, 4.4, 4.5). The
 * gateway's OpenAPI document is generated from these classes (docs/openapi.md); their rules say
 * what each field holds.
 */

export class InquiryResponse {
  /** The inquiry (thread) id. */
  @IsUUID()
  id: string;

  /** The listing asked about. */
  @IsUUID()
  property_id: string;

  /** The buyer */
  @IsUUID()
  user_id: string;

  /** The listing's broker (the member who created it) */
  @IsOptional()
  @IsUUID()
  broker_id: string | null;

  /** The buyer's first message. */
  @IsString()
  question: string;

  /** How the buyer wants to be reached. */
  @IsIn(PREFERRED_CONTACTS)
  preferred_contact: PreferredContact;

  /** The language the buyer wants the answer in (`ar` or `en`), or null for no preference. */
  @IsOptional()
  @IsIn(LANGUAGES)
  preferred_language: Language | null;

  /** open → replied (first broker reply) → closed */
  @IsIn(INQUIRY_STATUSES)
  status: InquiryStatus;

  /** Who or what closed it: `buyer`, `broker`, `listing_deleted`, `expired` (30 days without a message) */
  @IsOptional()
  @IsIn(INQUIRY_CLOSE_REASONS)
  closed_reason: InquiryCloseReason | null;

  /** The lead this thread belongs to. */
  @IsUUID()
  lead_id: string;

  /** When the last message was written. */
  @IsISO8601()
  last_message_at: string;

  /** When the thread was opened. */
  @IsISO8601()
  created_at: string;
}

export class InquiryMessageResponse {
  /** The message id. */
  @IsUUID()
  id: string;

  /** The thread it belongs to. */
  @IsUUID()
  inquiry_id: string;

  /** The account that wrote it. */
  @IsUUID()
  author_id: string;

  /** Which side wrote it. */
  @IsIn(LEAD_SIDES)
  side: LeadSide;

  /** Plain text, Arabic or English. */
  @IsString()
  body: string;

  /** When it was written. */
  @IsISO8601()
  created_at: string;
}

export class InquiryThreadResponse extends InquiryResponse {
  /** Follow-ups and replies, oldest first */
  messages: InquiryMessageResponse[];
}

export class InquiryCreatedResponse {
  /** The new thread. */
  inquiry: InquiryResponse;

  /** Whether a lead credit was charged to the broker's workspace */
  @IsBoolean()
  charged: boolean;
}

export class InquiriesPageResponse extends ListPage {
  /** The threads, latest activity first. */
  data: InquiryResponse[];
}

/** One-off slot: `starts_at` (UTC instant) for `duration_minutes`. */
export class SlotResponse {
  /** Always `slot` (a weekly rule is `slot_rule`). */
  @IsIn(['slot'])
  object: 'slot';

  /** The slot id. */
  @IsUUID()
  id: string;

  /** The listing it is for. */
  @IsUUID()
  property_id: string;

  /** UTC */
  @IsISO8601()
  starts_at: string;

  /** The start on the listing’s clock, with its offset */
  @IsString()
  local_time: string;

  /** The listing's time zone. */
  @IsIn(LISTING_TIME_ZONES)
  time_zone: string;

  /** How long a viewing lasts. */
  @IsInt()
  duration_minutes: number;

  /** When the slot was opened. */
  @IsISO8601()
  created_at: string;
}

/** A weekly rule of slots, on the listing's clock. */
export class SlotRuleResponse {
  /** Always `slot_rule`. */
  @IsIn(['slot_rule'])
  object: 'slot_rule';

  /** The rule id. */
  @IsUUID()
  id: string;

  /** The listing it is for. */
  @IsUUID()
  property_id: string;

  /** 0 = Sunday … 6 = Saturday */
  @IsInt()
  @Min(0)
  @Max(6)
  weekday: number;

  /** HH:MM on the listing’s clock */
  @IsString()
  local_time: string;

  /** The listing's time zone. */
  @IsIn(LISTING_TIME_ZONES)
  time_zone: string;

  /** How long a viewing lasts. */
  @IsInt()
  duration_minutes: number;

  /** The first day of the rule. */
  @IsCalendarDate()
  from: string;

  /** The last day of the rule, or null for none. */
  @IsOptional()
  @IsCalendarDate()
  until: string | null;

  /** When the rule was made. */
  @IsISO8601()
  created_at: string;
}

export class SlotsResponse {
  /** Always `list`. */
  @IsIn(['list'])
  object: 'list';

  /** Slots still ahead, then weekly rules */
  data: (SlotResponse | SlotRuleResponse)[];
}

export class AvailableSlot {
  /** UTC: send it as `scheduled_at` */
  @IsISO8601()
  starts_at: string;

  /** The start on the listing’s clock, with its offset (2026-12-01T10:00:00+03:00) */
  @IsString()
  local_time: string;

  /** How long the viewing lasts. */
  @IsInt()
  duration_minutes: number;
}

export class AvailabilityResponse {
  /** The listing. */
  @IsUUID()
  property_id: string;

  /** The listing's time zone. */
  @IsIn(LISTING_TIME_ZONES)
  time_zone: string;

  /** The start of the window asked for. */
  @IsISO8601()
  from: string;

  /** The end of the window (excluded). */
  @IsISO8601()
  to: string;

  /** Open (future, unbooked) starts, earliest first */
  slots: AvailableSlot[];
}

export class BookingResponse {
  /** The booking id. */
  @IsUUID()
  id: string;

  /** The listing to view. */
  @IsUUID()
  property_id: string;

  /** The buyer */
  @IsUUID()
  user_id: string;

  /** The viewing's start, UTC. */
  @IsISO8601()
  scheduled_at: string;

  /** scheduled_at on the listing’s clock, with its offset */
  @IsString()
  local_time: string;

  /** How long the viewing lasts. */
  @IsInt()
  duration_minutes: number;

  /**
   * pending → confirmed | rejected | proposed (broker); pending, confirmed, proposed → cancelled (buyer); confirmed → completed (broker); proposed → rescheduled when the buyer accepts (a new booking replaces it)
   */
  @IsIn(BOOKING_STATUSES)
  status: BookingStatus;

  /** Hidden from the broker while the lead is locked */
  @IsOptional()
  @IsString()
  user_phone: string | null;

  /** The buyer's note for the broker. */
  @IsOptional()
  @IsString()
  notes: string | null;

  /** The note of the last reject, cancel or propose */
  @IsOptional()
  @IsString()
  reason: string | null;

  /** The time the broker proposed instead */
  @IsOptional()
  @IsISO8601()
  proposed_at: string | null;

  /** The booking this one replaced (the buyer accepted its proposed time). */
  @IsOptional()
  @IsUUID()
  rescheduled_from: string | null;

  /** The booking that replaced this one. */
  @IsOptional()
  @IsUUID()
  rescheduled_to: string | null;

  /** The lead this booking belongs to. */
  @IsUUID()
  lead_id: string;

  /** When it was booked. */
  @IsISO8601()
  created_at: string;

  /** When it last changed. */
  @IsISO8601()
  updated_at: string;
}

export class BookingCreatedResponse {
  /** The new booking. */
  booking: BookingResponse;

  /** Whether a lead credit was charged to the broker's workspace */
  @IsBoolean()
  charged: boolean;
}

export class BookingsPageResponse extends ListPage {
  /** The bookings, latest time first. */
  data: BookingResponse[];
}

export class SurveyResponse {
  /** Always `survey`. */
  @IsIn(['survey'])
  object: 'survey';

  /** The viewing it is about. */
  @IsUUID()
  booking_id: string;

  /** 1 (poor) to 5 (excellent). */
  @IsInt()
  @Min(1)
  @Max(5)
  rating: number;

  /** What the buyer decided, when they said. */
  @IsOptional()
  @IsIn(LEAD_OUTCOMES)
  outcome: LeadOutcome | null;

  /** The buyer's comment. */
  @IsOptional()
  @IsString()
  comment: string | null;

  /** When it was answered. */
  @IsISO8601()
  created_at: string;
}

/** The broker's phone, as a buyer sees it once revealed. */
export class BrokerPhoneResponse {
  /** The listing. */
  @IsUUID()
  property_id: string;

  /** The listing's broker. */
  @IsUUID()
  broker_id: string;

  /** The broker's name. */
  @IsString()
  broker_name: string;

  /** E.164 */
  @IsString()
  phone: string;

  /** Whether a lead credit was charged to the broker's workspace */
  @IsBoolean()
  charged: boolean;
}

/** The buyer's contact; null while the lead is locked (no credit paid for it yet). */
export class LeadContact {
  /** The buyer's name. */
  @IsString()
  name: string;

  /** Empty for a widget visitor who left only a phone. */
  @IsString()
  email: string;

  /** E.164, when the buyer gave one. */
  @IsOptional()
  @IsString()
  phone: string | null;

  /** How the buyer wants to be reached. */
  @IsIn(PREFERRED_CONTACTS)
  preferred_contact: PreferredContact;
}

export class LeadResponse {
  /** Always `lead`. */
  @IsIn(['lead'])
  object: 'lead';

  /** The lead id. */
  @IsUUID()
  id: string;

  /** The listing (or, for a widget lead, the project). */
  @IsUUID()
  property_id: string;

  /** The buyer */
  @IsUUID()
  user_id: string;

  /** Where it is in the pipeline. */
  @IsIn(LEAD_STAGES)
  stage: LeadStage;

  /** Bought, Still Interested, Not Interested */
  @IsOptional()
  @IsIn(LEAD_OUTCOMES)
  outcome: LeadOutcome | null;

  /** No lead credit paid yet: the contact is hidden until credit arrives */
  @IsBoolean()
  locked: boolean;

  /** null while locked */
  contact: LeadContact | null;

  /** What the buyer did first: inquiry, booking or phone_reveal. */
  @IsIn(LEAD_SOURCES)
  source: LeadSource;

  /** When a lead credit was paid for it. */
  @IsOptional()
  @IsISO8601()
  charged_at: string | null;

  /** When the buyer first acted. */
  @IsISO8601()
  created_at: string;

  /** When it last changed. */
  @IsISO8601()
  updated_at: string;
}

export class LeadsPageResponse extends ListPage {
  /** The leads, newest first. */
  data: LeadResponse[];
}
