import { Type } from 'class-transformer';
import { IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from '@app/validation';
import { OwningSeller, OwningWorkspace } from './catalogue.contract';
import type { ListingOwner } from './catalogue.contract';
import type { RequestClass } from './request-mixins';

/** Events (outbox → `leads.<entity>.<event>.v1`); payloads below, for the notification service. */
export const LEADS_INQUIRY_CREATED = 'leads.inquiry.created.v1';
export const LEADS_INQUIRY_REPLIED = 'leads.inquiry.replied.v1';
export const LEADS_INQUIRY_MESSAGE_ADDED = 'leads.inquiry.message-added.v1';
export const LEADS_INQUIRY_CLOSED = 'leads.inquiry.closed.v1';
export const LEADS_BOOKING_CREATED = 'leads.booking.created.v1';
export const LEADS_BOOKING_CONFIRMED = 'leads.booking.confirmed.v1';
export const LEADS_BOOKING_REJECTED = 'leads.booking.rejected.v1';
export const LEADS_BOOKING_PROPOSED = 'leads.booking.proposed.v1';
export const LEADS_BOOKING_CANCELLED = 'leads.booking.cancelled.v1';
export const LEADS_BOOKING_COMPLETED = 'leads.booking.completed.v1';
export const LEADS_BOOKING_RESCHEDULED = 'leads.booking.rescheduled.v1';
export const LEADS_SURVEY_REQUESTED = 'leads.survey.requested.v1';
export const LEADS_LEAD_CREATED = 'leads.lead.created.v1';
export const LEADS_LEAD_UNLOCKED = 'leads.lead.unlocked.v1';
/** A visitor opened a chat on a workspace's website widget (emitted by the widget, a later issue). */
export const LEADS_WIDGET_SESSION_CREATED = 'leads.widget_session.created.v1';
/** A website chat now waits for a person: the visitor asked, or the assistant did not know. */
export const LEADS_CONVERSATION_ESCALATED = 'leads.conversation.escalated.v1';
/** The visitor wrote again in a chat that waits for, or is handled by, a person. */
export const LEADS_CONVERSATION_VISITOR_MESSAGE = 'leads.conversation.visitor_message.v1';

/** No personal data: the visitor is known only by the session and their browser's language. */
export interface WidgetSessionCreatedPayload {
  session_id: string;
  workspace_id: string;
  project_id: string;
  widget_id: string;
  created_at: string;
  /** BCP 47 tag from the visitor's browser (`ar`, `en-GB`), or null when unknown. */
  visitor_language: string | null;
}

/** Why a chat went to a person. */
export const ESCALATION_REASONS = ['visitor_request', 'assistant_unknown'] as const;
export type EscalationReason = (typeof ESCALATION_REASONS)[number];

/** No personal data either: no message text, no contact; the team reads the chat in the inbox. */
export interface ConversationEscalatedPayload {
  session_id: string;
  workspace_id: string;
  project_id: string;
  widget_id: string;
  /** The member the chat is assigned to, or null when the workspace had nobody to assign. */
  assigned_to: string | null;
  reason: EscalationReason;
  visitor_language: string | null;
  escalated_at: string;
}

export interface ConversationVisitorMessagePayload {
  session_id: string;
  workspace_id: string;
  project_id: string;
  widget_id: string;
  assigned_to: string | null;
  message_id: string;
  visitor_language: string | null;
  created_at: string;
}

export const PREFERRED_CONTACTS = ['whatsapp', 'phone', 'email'] as const;
export type PreferredContact = (typeof PREFERRED_CONTACTS)[number];

export const INQUIRY_STATUSES = ['open', 'replied', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** Why a thread closed: by a participant, by its listing's deletion, or after 30 quiet days. */
export const INQUIRY_CLOSE_REASONS = ['buyer', 'broker', 'listing_deleted', 'expired'] as const;
export type InquiryCloseReason = (typeof INQUIRY_CLOSE_REASONS)[number];

/** Spec 3 plus `proposed` (the broker offered another time) and `rescheduled` (the buyer took it). */
export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'rejected',
  'proposed',
  'cancelled',
  'completed',
  'rescheduled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_ACTIONS = ['confirm', 'reject', 'propose', 'complete', 'cancel', 'accept'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export const LEAD_STAGES = ['new', 'contacted', 'viewing', 'negotiating', 'closed'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** Spec 2.5's outcomes: Bought, Still Interested, Not Interested. */
export const LEAD_OUTCOMES = ['bought', 'still_interested', 'not_interested'] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];

/** Which side of a thread or booking the caller is on. */
export const LEAD_SIDES = ['buyer', 'broker'] as const;
export type LeadSide = (typeof LEAD_SIDES)[number];

/** A listing's clock: viewing times are shown and weekly rules computed on it. */
export const LISTING_TIME_ZONES = ['Asia/Riyadh', 'Asia/Dubai'] as const;

export const INQUIRY_QUESTION_MAX = 2000;
export const INQUIRIES_PER_HOUR = 10;
export const SLOT_DURATION_DEFAULT = 30;
/** How far ahead availability is asked and recurring rules are expanded. */
export const AVAILABILITY_MAX_DAYS = 92;

/** The person acting, as the gateway knows them (identity is the gateway's). */
export class LeadPerson {
  @IsUUID()
  account_id: string;

  @IsString()
  @MaxLength(200)
  name: string;

  @IsString()
  @MaxLength(320)
  email: string;

  @IsOptional()
  @IsString()
  @MaxLength(20)
  phone: string | null;
}

/**
 * `Base` (a route's body or query) asked by a buyer-side caller; `buyer_workspace_id` is theirs
 * when they also work in one (self-dealing is refused).
 */
export function ByBuyer<TBase extends RequestClass>(Base: TBase) {
  class BuyerRequest extends Base {
    @ValidateNested()
    @Type(() => LeadPerson)
    buyer: LeadPerson;

    @IsOptional()
    @IsUUID()
    buyer_workspace_id?: string;
  }
  return BuyerRequest;
}

/**
 * `Base` asked by the owner side of leads: a workspace (its members and keys) or a seller
 * account, exactly one; `account_id` is the caller.
 */
export function ByOwner<TBase extends RequestClass>(Base: TBase) {
  class OwnerRequest extends Base implements ListingOwner {
    @OwningWorkspace()
    workspace_id?: string;

    @OwningSeller()
    seller_id?: string;

    @IsUUID()
    account_id: string;
  }
  return OwnerRequest;
}

/**
 * `Base` asked by whoever reads a thread or booking: its buyer, a member of the listing's
 * workspace, or the seller whose listing it is (`seller_id`: the caller's own account).
 */
export function ByViewer<TBase extends RequestClass>(Base: TBase) {
  class ViewerRequest extends Base {
    @IsUUID()
    account_id: string;

    @IsOptional()
    @IsUUID()
    workspace_id?: string;

    @IsOptional()
    @IsUUID()
    seller_id?: string;
  }
  return ViewerRequest;
}

/** A buyer-side caller. */
export class BuyerRef extends ByBuyer(class {}) {}

/** A workspace-side caller. */
export class WorkspaceRef {
  @IsUUID()
  workspace_id: string;

  @IsUUID()
  account_id: string;
}

/** An owner-side caller. */
export class OwnerRef extends ByOwner(class {}) {}

/** A reader of threads and bookings. */
export class ViewerRef extends ByViewer(class {}) {}

/** `widget`: a website chat promoted by the team (the lead's property is the project). */
export const LEAD_SOURCES = ['inquiry', 'booking', 'phone_reveal', 'widget'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export class ListingOwnerRequest {
  @IsUUID()
  id: string;
}

/** A listing as the leads service needs it; any status (leads decides what each status allows). */
export interface ListingOwnerResponse {
  id: string;
  /** The owning workspace, or null for a seller's own listing (then `seller_id`). */
  workspace_id: string | null;
  seller_id: string | null;
  /** The listing's broker: the member who created it (for a seller's listing, the seller). */
  broker_id: string | null;
  status: 'draft' | 'pending' | 'published' | 'rejected';
  time_zone: 'Asia/Riyadh' | 'Asia/Dubai';
  title_en: string | null;
  title_ar: string | null;
}

/** Every leads event carries who is involved, so notifications need no lookup. */
export interface LeadsEventPayload {
  /** The listing's owner: a workspace, or (null here) the seller in `seller_id`, who is also `broker_id`. */
  workspace_id: string | null;
  seller_id?: string | null;
  property_id: string;
  buyer_id: string;
  broker_id: string | null;
  lead_id: string;
  inquiry_id?: string;
  booking_id?: string;
  message_id?: string;
  scheduled_at?: string;
  status?: string;
  reason?: string | null;
  occurred_at: string;
}
