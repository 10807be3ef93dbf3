import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  BOOKING_STATUSES,
  INQUIRY_QUESTION_MAX,
  INQUIRY_STATUSES,
  LEAD_OUTCOMES,
  LEAD_SIDES,
  LEAD_STAGES,
  PREFERRED_CONTACTS,
  SLOT_DURATION_DEFAULT,
} from '@app/contracts';
import type { BookingStatus, InquiryStatus, LeadOutcome, LeadSide, LeadStage, PreferredContact } from '@app/contracts';
import { IsMobileNumber, PHONE_NUMBER_DESCRIPTION } from '@app/validation/phone';
import { PageQueryDto } from '../http/page-query.dto';

export class CreateInquiryDto {
  @ApiProperty({ format: 'uuid', description: 'A published property' })
  @IsUUID()
  property_id: string;

  @ApiProperty({ minLength: 1, maxLength: INQUIRY_QUESTION_MAX, description: 'Plain text, Arabic or English' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(INQUIRY_QUESTION_MAX)
  question: string;

  @ApiPropertyOptional({ enum: PREFERRED_CONTACTS, default: 'whatsapp' })
  @IsOptional()
  @IsIn(PREFERRED_CONTACTS)
  preferred_contact?: PreferredContact;
}

export class InquiryMessageBodyDto {
  @ApiProperty({ minLength: 1, maxLength: INQUIRY_QUESTION_MAX })
  @IsString()
  @IsNotEmpty()
  @MaxLength(INQUIRY_QUESTION_MAX)
  body: string;
}

export class UpdateInquiryDto {
  @ApiProperty({ enum: ['closed'], description: 'Either side may close a thread' })
  @IsIn(['closed'])
  status: 'closed';
}

/** `as`: whose view. Default: the workspace's inbox for its members and API keys, else your own inquiries. */
class SideQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: LEAD_SIDES, description: '`buyer`: yours; `broker`: your workspace’s' })
  @IsOptional()
  @IsIn(LEAD_SIDES)
  as?: LeadSide;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  property_id?: string;
}

export class ListInquiriesQueryDto extends SideQueryDto {
  @ApiPropertyOptional({ enum: INQUIRY_STATUSES })
  @IsOptional()
  @IsIn(INQUIRY_STATUSES)
  status?: InquiryStatus;
}

export class ListBookingsQueryDto extends SideQueryDto {
  @ApiPropertyOptional({ enum: BOOKING_STATUSES })
  @IsOptional()
  @IsIn(BOOKING_STATUSES)
  status?: BookingStatus;
}

export class CreateSlotDto {
  @ApiProperty({ format: 'uuid', description: 'One of your workspace’s listings' })
  @IsUUID()
  property_id: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'A one-off slot: its start (future). Or send a weekly rule',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  starts_at?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 6, description: 'Weekly rule: 0 = Sunday … 6 = Saturday' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(6)
  weekday?: number;

  @ApiPropertyOptional({
    pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
    description: 'Weekly rule: HH:MM on the listing’s clock',
  })
  @IsOptional()
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'local_time must be HH:MM (24-hour)' })
  local_time?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Weekly rule: first day (default: today there)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'from must be a date, YYYY-MM-DD' })
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Weekly rule: last day (default: none)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'until must be a date, YYYY-MM-DD' })
  until?: string;

  @ApiPropertyOptional({ minimum: 10, maximum: 240, default: SLOT_DURATION_DEFAULT })
  @IsOptional()
  @IsInt()
  @Min(10)
  @Max(240)
  duration_minutes?: number;
}

export class ListSlotsQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  property_id?: string;
}

export class AvailabilityQueryDto {
  @ApiPropertyOptional({ format: 'date-time', description: 'Default: now' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Default: 14 days after `from`; at most 92 days after it' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;
}

export class CreateBookingDto {
  @ApiProperty({ format: 'uuid', description: 'A published property' })
  @IsUUID()
  property_id: string;

  @ApiProperty({ format: 'date-time', description: 'Exactly the start of an open slot (see the availability route)' })
  @IsISO8601({ strict: true })
  scheduled_at: string;

  @ApiPropertyOptional({
    example: '050 123 4567',
    description: `${PHONE_NUMBER_DESCRIPTION} Default: the phone on your profile.`,
  })
  @IsOptional()
  @IsMobileNumber()
  user_phone?: string;

  @ApiPropertyOptional({ maxLength: 1000, description: 'Visible to the broker' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  notes?: string;
}

export class BookingNoteDto {
  @ApiPropertyOptional({ maxLength: 1000, description: 'Shown to the other side' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  reason?: string;
}

export class ProposeBookingDto extends BookingNoteDto {
  @ApiProperty({ format: 'date-time', description: 'The new time: an open slot of the same property' })
  @IsISO8601({ strict: true })
  scheduled_at: string;
}

export class SurveyDto {
  @ApiProperty({ minimum: 1, maximum: 5 })
  @IsInt()
  @Min(1)
  @Max(5)
  rating: number;

  @ApiPropertyOptional({ enum: LEAD_OUTCOMES })
  @IsOptional()
  @IsIn(LEAD_OUTCOMES)
  outcome?: LeadOutcome;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  comment?: string;
}

export class ListLeadsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: LEAD_STAGES })
  @IsOptional()
  @IsIn(LEAD_STAGES)
  stage?: LeadStage;

  @ApiPropertyOptional({ enum: LEAD_OUTCOMES })
  @IsOptional()
  @IsIn(LEAD_OUTCOMES)
  outcome?: LeadOutcome;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  property_id?: string;

  @ApiPropertyOptional({ type: Boolean, description: '`true`: only leads waiting for a lead credit' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  locked?: boolean;
}

export class UpdateLeadDto {
  @ApiPropertyOptional({ enum: LEAD_STAGES })
  @IsOptional()
  @IsIn(LEAD_STAGES)
  stage?: LeadStage;

  @ApiPropertyOptional({ enum: LEAD_OUTCOMES, nullable: true, description: '`null` clears it' })
  @IsOptional()
  @IsIn(LEAD_OUTCOMES)
  outcome?: LeadOutcome | null;
}
