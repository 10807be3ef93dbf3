import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  CLOCK_TIME,
  HEX_COLOR,
  LANGUAGES,
  MESSAGE_AUTHORS,
  SESSION_HANDLERS,
  SESSION_STATUSES,
  VISITOR_TEXT_MAX,
  WEB_ORIGIN,
} from '@app/contracts';
import { IsMobileNumber, PHONE_NUMBER_DESCRIPTION } from '@app/validation/phone';
import type {
  ConversationCitation,
  Language,
  MessageAuthor,
  MessageResponse,
  PublicWidgetResponse,
  SessionHandler,
  SessionResponse,
  SessionStatus,
  VisitorThreadResponse,
  WidgetConfigResponse,
  WorkingHours,
  WorkingHoursRange,
} from '@app/contracts';

export class WorkingHoursRangeDto implements WorkingHoursRange {
  @ApiProperty({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday' })
  @IsInt()
  @Min(0)
  @Max(6)
  day: number;

  @ApiProperty({ example: '09:00', description: 'Local time, HH:MM (24-hour)' })
  @Matches(CLOCK_TIME, { message: 'open must be HH:MM (24-hour)' })
  open: string;

  @ApiProperty({ example: '17:00', description: 'Local time, HH:MM, after open (24:00 = end of day)' })
  @Matches(CLOCK_TIME, { message: 'close must be HH:MM (24-hour)' })
  close: string;
}

export class WorkingHoursDto implements WorkingHours {
  @ApiProperty({ example: 'Asia/Riyadh', description: 'IANA time zone' })
  @IsString()
  @MaxLength(64)
  time_zone: string;

  @ApiProperty({ type: [WorkingHoursRangeDto], maxItems: 50 })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => WorkingHoursRangeDto)
  weekly: WorkingHoursRangeDto[];
}

export class PublicWidgetDto implements PublicWidgetResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  project_id: string;

  @ApiProperty()
  greeting_en: string;

  @ApiProperty()
  greeting_ar: string;

  @ApiProperty({ example: '#0f766e' })
  primary_color: string;

  @ApiProperty({ enum: LANGUAGES, isArray: true })
  languages: Language[];

  @ApiProperty({ enum: LANGUAGES })
  default_language: Language;

  @ApiProperty({ description: 'Whether the team is in now, by working_hours (always true without hours)' })
  open_now: boolean;

  @ApiProperty({ type: WorkingHoursDto, nullable: true, description: 'null: always open' })
  working_hours: WorkingHoursDto | null;
}

export class WidgetConfigDto extends PublicWidgetDto implements WidgetConfigResponse {
  @ApiProperty({ description: 'Visitors can open chats only while enabled' })
  enabled: boolean;

  @ApiProperty({ type: [String], example: ['https://example.com'] })
  allowed_origins: string[];

  @ApiProperty({ description: 'The tag to paste into the site’s pages' })
  embed_snippet: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class UpdateWidgetDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  greeting_en?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  greeting_ar?: string;

  @ApiPropertyOptional({ example: '#0f766e', pattern: HEX_COLOR.source })
  @IsOptional()
  @Matches(HEX_COLOR, { message: 'primary_color must be #rrggbb' })
  primary_color?: string;

  @ApiPropertyOptional({ enum: LANGUAGES, isArray: true, minItems: 1 })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(LANGUAGES, { each: true })
  languages?: Language[];

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'One of languages' })
  @IsOptional()
  @IsIn(LANGUAGES)
  default_language?: Language;

  @ApiPropertyOptional({
    type: [String],
    maxItems: 20,
    example: ['https://example.com'],
    description: 'Exact origins (scheme, host, optional port; no path) of the pages that may embed the widget',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @IsString({ each: true })
  @Matches(WEB_ORIGIN, { each: true, message: 'allowed_origins must be exact origins like https://example.com' })
  allowed_origins?: string[];

  @ApiPropertyOptional({ type: WorkingHoursDto, nullable: true, description: 'null: always open' })
  @IsOptional()
  @ValidateNested()
  @Type(() => WorkingHoursDto)
  working_hours?: WorkingHoursDto | null;
}

export class CitationDto implements ConversationCitation {
  @ApiProperty({ description: '`article:<id>` or `units` (the live unit list)' })
  source_id: string;

  @ApiProperty()
  title: string;

  @ApiProperty()
  excerpt: string;
}

export class SessionDto implements SessionResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  widget_id: string;

  @ApiProperty({ format: 'uuid' })
  project_id: string;

  @ApiProperty({ enum: SESSION_STATUSES })
  status: SessionStatus;

  @ApiProperty({ description: 'A person was asked for: the assistant no longer replies' })
  escalated: boolean;

  @ApiProperty({ enum: SESSION_HANDLERS })
  handled_by: SessionHandler;

  @ApiProperty({ enum: LANGUAGES })
  language: Language;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class MessageDto implements MessageResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: MESSAGE_AUTHORS })
  author: MessageAuthor;

  @ApiProperty()
  text: string;

  @ApiProperty({ type: [CitationDto], description: 'Empty except on assistant replies' })
  citations: CitationDto[];

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class SessionCreatedDto {
  @ApiProperty({ type: SessionDto })
  session: SessionDto;

  @ApiProperty({ description: 'The visitor token (24 h) for this session’s calls: Authorization: Bearer <token>' })
  token: string;
}

export class SessionEnvelopeDto {
  @ApiProperty({ type: SessionDto })
  session: SessionDto;
}

export class MessageEnvelopeDto {
  @ApiProperty({ type: MessageDto })
  message: MessageDto;
}

export class VisitorThreadDto implements VisitorThreadResponse {
  @ApiProperty({ type: SessionDto })
  session: SessionDto;

  @ApiProperty({ type: [MessageDto], description: 'Oldest first' })
  messages: MessageDto[];
}

export class CreateSessionDto {
  @ApiPropertyOptional({ enum: LANGUAGES, description: 'Default: the widget’s default_language' })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  @ApiPropertyOptional({
    example: 'https://example.com',
    description: 'The embedding page’s origin, used when the request’s Origin is the gateway’s own (the iframe page)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  origin?: string;
}

export class VisitorMessageDto {
  @ApiProperty({ minLength: 1, maxLength: VISITOR_TEXT_MAX, description: 'Plain text, Arabic or English' })
  @IsString()
  @Length(1, VISITOR_TEXT_MAX)
  @Matches(/\S/, { message: 'text must not be blank' })
  text: string;
}

export class VisitorContactDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ example: '055 123 4567', description: PHONE_NUMBER_DESCRIPTION })
  @IsOptional()
  @IsMobileNumber()
  phone?: string;

  @ApiPropertyOptional({ format: 'email', maxLength: 320 })
  @IsOptional()
  @IsEmail()
  @MaxLength(320)
  email?: string;
}
