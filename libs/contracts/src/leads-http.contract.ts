import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsCalendarDate,
  IsIn,
  IsInt,
  IsISO8601,
  IsMobileNumber,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from '@app/validation';
import {
  BOOKING_STATUSES,
  INQUIRY_QUESTION_MAX,
  INQUIRY_STATUSES,
  LEAD_OUTCOMES,
  LEAD_SIDES,
  LEAD_STAGES,
  PREFERRED_CONTACTS,
  SLOT_DURATION_DEFAULT,
} from './leads.contract';
import type {
  BookingStatus,
  InquiryStatus,
  LeadOutcome,
  LeadSide,
  LeadStage,
  PreferredContact,
} from './leads.contract';
import { LANGUAGES } from './access';
import type { Language } from './access';
import { PageQuery } from './paging';

/**
 * The bodies and queries of the leads routes, as the gateway validates them (its global
 * ValidationPipe) and documents them (docs/openapi.md). The gateway adds the caller and turns
 * each into the leads service's request above.
 */

export class CreateInquiryBody {
  /** A published property */
  @IsUUID()
  property_id: string;

  /** Plain text, Arabic or English */
  @IsString()
  @IsNotEmpty()
  @MaxLength(INQUIRY_QUESTION_MAX)
  question: string;

  /** How the broker should reach you. */
  @IsOptional()
  @IsIn(PREFERRED_CONTACTS)
  preferred_contact?: PreferredContact = 'whatsapp';

  /** The language you want the answer in: `ar` or `en`. Left out: no preference. */
  @IsOptional()
  @IsIn(LANGUAGES)
  preferred_language?: Language;
}

export class InquiryMessageBody {
  /** Plain text, Arabic or English. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(INQUIRY_QUESTION_MAX)
  body: string;
}

export class UpdateInquiryBody {
  /** Either side may close a thread */
  @IsIn(['closed'])
  status: 'closed';
}

/** `as`: whose view. Default: the workspace's inbox for its members and API keys, else your own. */
export class LeadSideQuery extends PageQuery {
  /** `buyer`: yours; `broker`: your workspace’s */
  @IsOptional()
  @IsIn(LEAD_SIDES)
  as?: LeadSide;

  /** Only this listing's. */
  @IsOptional()
  @IsUUID()
  property_id?: string;
}

export class ListInquiriesQuery extends LeadSideQuery {
  /** Only threads in this status. */
  @IsOptional()
  @IsIn(INQUIRY_STATUSES)
  status?: InquiryStatus;
}

export class ListBookingsQuery extends LeadSideQuery {
  /** Only bookings in this status. */
  @IsOptional()
  @IsIn(BOOKING_STATUSES)
  status?: BookingStatus;
}

/** One slot (`starts_at`), or a weekly rule (`weekday`, `local_time`, `from`, `until`). */
export class CreateSlotBody {
  /** One of your workspace’s listings */
  @IsUUID()
  property_id: string;

  /** A one-off slot: its start (future). Or send a weekly rule */
  @IsOptional()
  @IsISO8601({ strict: true })
  starts_at?: string;

  /** Weekly rule: 0 = Sunday … 6 = Saturday */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(6)
  weekday?: number;

  /** Weekly rule: HH:MM on the listing’s clock */
  @IsOptional()
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'local_time must be HH:MM (24-hour)' })
  local_time?: string;

  /** Weekly rule: first day (default: today there) */
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  /** Weekly rule: last day (default: none) */
  @IsOptional()
  @IsCalendarDate()
  until?: string;

  /** How long a viewing lasts. */
  @IsOptional()
  @IsInt()
  @Min(10)
  @Max(240)
  duration_minutes?: number = SLOT_DURATION_DEFAULT;
}

export class ListSlotsQuery {
  /** Only this listing's. */
  @IsOptional()
  @IsUUID()
  property_id?: string;
}

export class AvailabilityQuery {
  /** Default: now */
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  /** Default: 14 days after `from`; at most 92 days after it */
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;
}

export class CreateBookingBody {
  /** A published property */
  @IsUUID()
  property_id: string;

  /** Exactly the start of an open slot (see the availability route) */
  @IsISO8601({ strict: true })
  scheduled_at: string;

  /**
   * A mobile number, stored as E.164. National forms are read as Saudi, then Emirati (050 123 4567 → +966501234567; write +971 for an Emirati number that is also a Saudi one); +966…, 00966… and Arabic-Indic digits (٠٥٠١٢٣٤٥٦٧) are accepted. Default: the phone on your profile.
   * @example "050 123 4567"
   */
  @IsOptional()
  @IsMobileNumber()
  user_phone?: string;

  /** Visible to the broker */
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  notes?: string;
}

export class BookingNoteBody {
  /** Shown to the other side */
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  reason?: string;
}

export class ProposeBookingBody extends BookingNoteBody {
  /** The new time: an open slot of the same property */
  @IsISO8601({ strict: true })
  scheduled_at: string;
}

export class SurveyBody {
  /** 1 (poor) to 5 (excellent). */
  @IsInt()
  @Min(1)
  @Max(5)
  rating: number;

  /** What you decided. */
  @IsOptional()
  @IsIn(LEAD_OUTCOMES)
  outcome?: LeadOutcome;

  /** Your comment on the viewing. */
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  comment?: string;
}

export class ListLeadsQuery extends PageQuery {
  /** Only leads at this stage. */
  @IsOptional()
  @IsIn(LEAD_STAGES)
  stage?: LeadStage;

  /** Only leads with this outcome. */
  @IsOptional()
  @IsIn(LEAD_OUTCOMES)
  outcome?: LeadOutcome;

  /** Only this listing's. */
  @IsOptional()
  @IsUUID()
  property_id?: string;

  /** `true`: only leads waiting for a lead credit */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  locked?: boolean;
}

export class UpdateLeadBody {
  /** Move the lead to this stage. */
  @IsOptional()
  @IsIn(LEAD_STAGES)
  stage?: LeadStage;

  /** `null` clears it */
  @IsOptional()
  @IsIn(LEAD_OUTCOMES)
  outcome?: LeadOutcome | null;
}
