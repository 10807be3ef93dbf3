import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import {
  BOOKING_STATUSES,
  INQUIRY_CLOSE_REASONS,
  INQUIRY_STATUSES,
  LEAD_OUTCOMES,
  LEAD_SIDES,
  LEAD_SOURCES,
  LEAD_STAGES,
  PREFERRED_CONTACTS,
} from '@app/contracts';
import type {
  AvailabilityResponse,
  AvailableSlot,
  BookingCreatedResponse,
  BookingResponse,
  BookingStatus,
  BookingsPageResponse,
  InquiriesPageResponse,
  InquiryCloseReason,
  InquiryCreatedResponse,
  InquiryMessageResponse,
  InquiryResponse,
  InquiryStatus,
  InquiryThreadResponse,
  LeadContact,
  LeadOutcome,
  LeadResponse,
  LeadSide,
  LeadSource,
  LeadStage,
  LeadsPageResponse,
  PreferredContact,
  SlotResponse,
  SlotRuleResponse,
  SurveyResponse,
} from '@app/contracts';
import { PageDto } from '../http/page.dto';

/** The leads shapes for the OpenAPI document (the shape is the contract's). */
const nullableString = { type: String, nullable: true } as const;
const nullableDateTime = { type: String, format: 'date-time', nullable: true } as const;
const nullableUuid = { type: String, format: 'uuid', nullable: true } as const;

export class InquiryDto implements InquiryResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  property_id: string;

  @ApiProperty({ format: 'uuid', description: 'The buyer' })
  user_id: string;

  @ApiProperty({ ...nullableUuid, description: "The listing's broker (the member who created it)" })
  broker_id: string | null;

  @ApiProperty()
  question: string;

  @ApiProperty({ enum: PREFERRED_CONTACTS })
  preferred_contact: PreferredContact;

  @ApiProperty({ enum: INQUIRY_STATUSES, description: 'open → replied (first broker reply) → closed' })
  status: InquiryStatus;

  @ApiProperty({
    enum: INQUIRY_CLOSE_REASONS,
    nullable: true,
    description: 'Who or what closed it: `buyer`, `broker`, `listing_deleted`, `expired` (30 days without a message)',
  })
  closed_reason: InquiryCloseReason | null;

  @ApiProperty({ format: 'uuid' })
  lead_id: string;

  @ApiProperty({ format: 'date-time' })
  last_message_at: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class InquiryMessageDto implements InquiryMessageResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  inquiry_id: string;

  @ApiProperty({ format: 'uuid' })
  author_id: string;

  @ApiProperty({ enum: LEAD_SIDES })
  side: LeadSide;

  @ApiProperty()
  body: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class InquiryThreadDto extends InquiryDto implements InquiryThreadResponse {
  @ApiProperty({ type: [InquiryMessageDto], description: 'Follow-ups and replies, oldest first' })
  messages: InquiryMessageDto[];
}

export class InquiryCreatedDto implements InquiryCreatedResponse {
  @ApiProperty({ type: InquiryDto })
  inquiry: InquiryDto;

  @ApiProperty({ description: "Whether a lead credit was charged to the broker's workspace" })
  charged: boolean;
}

export class InquiriesPageDto extends PageDto(InquiryDto) implements InquiriesPageResponse {}

export class SlotDto implements SlotResponse {
  @ApiProperty({ enum: ['slot'] })
  object: 'slot';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  property_id: string;

  @ApiProperty({ format: 'date-time', description: 'UTC' })
  starts_at: string;

  @ApiProperty({ description: 'The start on the listing’s clock, with its offset' })
  local_time: string;

  @ApiProperty({ enum: ['Asia/Riyadh', 'Asia/Dubai'] })
  time_zone: string;

  @ApiProperty()
  duration_minutes: number;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class SlotRuleDto implements SlotRuleResponse {
  @ApiProperty({ enum: ['slot_rule'] })
  object: 'slot_rule';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  property_id: string;

  @ApiProperty({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday' })
  weekday: number;

  @ApiProperty({ description: 'HH:MM on the listing’s clock' })
  local_time: string;

  @ApiProperty({ enum: ['Asia/Riyadh', 'Asia/Dubai'] })
  time_zone: string;

  @ApiProperty()
  duration_minutes: number;

  @ApiProperty({ format: 'date' })
  from: string;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  until: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export const SLOT_OR_RULE_SCHEMA = {
  oneOf: [{ $ref: getSchemaPath(SlotDto) }, { $ref: getSchemaPath(SlotRuleDto) }],
  discriminator: { propertyName: 'object' },
};

export class SlotsDto {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: 'array', items: SLOT_OR_RULE_SCHEMA, description: 'Slots still ahead, then weekly rules' })
  data: (SlotDto | SlotRuleDto)[];
}

class AvailableSlotDto implements AvailableSlot {
  @ApiProperty({ format: 'date-time', description: 'UTC: send it as `scheduled_at`' })
  starts_at: string;

  @ApiProperty({ description: 'The start on the listing’s clock, with its offset (2026-12-01T10:00:00+03:00)' })
  local_time: string;

  @ApiProperty()
  duration_minutes: number;
}

export class AvailabilityDto implements AvailabilityResponse {
  @ApiProperty({ format: 'uuid' })
  property_id: string;

  @ApiProperty({ enum: ['Asia/Riyadh', 'Asia/Dubai'] })
  time_zone: string;

  @ApiProperty({ format: 'date-time' })
  from: string;

  @ApiProperty({ format: 'date-time' })
  to: string;

  @ApiProperty({ type: [AvailableSlotDto], description: 'Open (future, unbooked) starts, earliest first' })
  slots: AvailableSlotDto[];
}

export class BookingDto implements BookingResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  property_id: string;

  @ApiProperty({ format: 'uuid', description: 'The buyer' })
  user_id: string;

  @ApiProperty({ format: 'date-time' })
  scheduled_at: string;

  @ApiProperty({ description: 'scheduled_at on the listing’s clock, with its offset' })
  local_time: string;

  @ApiProperty()
  duration_minutes: number;

  @ApiProperty({
    enum: BOOKING_STATUSES,
    description:
      'pending → confirmed | rejected | proposed (broker); pending, confirmed, proposed → cancelled (buyer); ' +
      'confirmed → completed (broker); proposed → rescheduled when the buyer accepts (a new booking replaces it)',
  })
  status: BookingStatus;

  @ApiProperty({ ...nullableString, description: 'Hidden from the broker while the lead is locked' })
  user_phone: string | null;

  @ApiProperty(nullableString)
  notes: string | null;

  @ApiProperty({ ...nullableString, description: 'The note of the last reject, cancel or propose' })
  reason: string | null;

  @ApiProperty({ ...nullableDateTime, description: 'The time the broker proposed instead' })
  proposed_at: string | null;

  @ApiProperty(nullableUuid)
  rescheduled_from: string | null;

  @ApiProperty(nullableUuid)
  rescheduled_to: string | null;

  @ApiProperty({ format: 'uuid' })
  lead_id: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class BookingCreatedDto implements BookingCreatedResponse {
  @ApiProperty({ type: BookingDto })
  booking: BookingDto;

  @ApiProperty({ description: "Whether a lead credit was charged to the broker's workspace" })
  charged: boolean;
}

export class BookingsPageDto extends PageDto(BookingDto) implements BookingsPageResponse {}

export class SurveyResultDto implements SurveyResponse {
  @ApiProperty({ enum: ['survey'] })
  object: 'survey';

  @ApiProperty({ format: 'uuid' })
  booking_id: string;

  @ApiProperty({ minimum: 1, maximum: 5 })
  rating: number;

  @ApiProperty({ enum: LEAD_OUTCOMES, nullable: true })
  outcome: LeadOutcome | null;

  @ApiProperty(nullableString)
  comment: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class PhoneRevealDto {
  @ApiProperty({ format: 'uuid' })
  property_id: string;

  @ApiProperty({ format: 'uuid' })
  broker_id: string;

  @ApiProperty()
  broker_name: string;

  @ApiProperty({ description: 'E.164' })
  phone: string;

  @ApiProperty({ description: "Whether a lead credit was charged to the broker's workspace" })
  charged: boolean;
}

class LeadContactDto implements LeadContact {
  @ApiProperty()
  name: string;

  @ApiProperty()
  email: string;

  @ApiProperty(nullableString)
  phone: string | null;

  @ApiProperty({ enum: PREFERRED_CONTACTS })
  preferred_contact: PreferredContact;
}

export class LeadDto implements LeadResponse {
  @ApiProperty({ enum: ['lead'] })
  object: 'lead';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  property_id: string;

  @ApiProperty({ format: 'uuid', description: 'The buyer' })
  user_id: string;

  @ApiProperty({ enum: LEAD_STAGES })
  stage: LeadStage;

  @ApiProperty({ enum: LEAD_OUTCOMES, nullable: true, description: 'Bought, Still Interested, Not Interested' })
  outcome: LeadOutcome | null;

  @ApiProperty({ description: 'No lead credit paid yet: the contact is hidden until credit arrives' })
  locked: boolean;

  @ApiProperty({ type: LeadContactDto, nullable: true, description: 'null while locked' })
  contact: LeadContactDto | null;

  @ApiProperty({ enum: LEAD_SOURCES })
  source: LeadSource;

  @ApiProperty(nullableDateTime)
  charged_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class LeadsPageDto extends PageDto(LeadDto) implements LeadsPageResponse {}
