import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsMobileNumber,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from '@app/validation';
import { LANGUAGES } from './access';
import type { Language } from './access';
import {
  CONVERSATION_ASSIGNED_FILTERS,
  CONVERSATION_FILTER_STATUSES,
  HEX_COLOR,
  VISITOR_TEXT_MAX,
  WEB_ORIGIN,
} from './conversations.contract';
import type { ConversationAssignedFilter, ConversationFilterStatus } from './conversations.contract';
import { PageQuery } from './paging';
import { WorkingHours } from './working-hours.contract';

/**
 * The bodies and queries of the widget, visitor and inbox routes, as the gateway validates them
 * (its global ValidationPipe) and documents them (docs/openapi.md). The gateway adds the caller
 * and turns each into the leads service's request (conversations.contract.ts).
 */

/** Omitted fields keep their value. */
export class UpdateWidgetBody {
  /** Visitors can open chats only while enabled. */
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  /** The greeting in English. */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  greeting_en?: string;

  /** The greeting in Arabic. */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  greeting_ar?: string;

  /**
   * The widget colour, #rrggbb.
   * @example "#0f766e"
   */
  @IsOptional()
  @Matches(HEX_COLOR, { message: 'primary_color must be #rrggbb' })
  primary_color?: string;

  /** The languages offered, each once. */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(LANGUAGES, { each: true })
  languages?: Language[];

  /** One of languages */
  @IsOptional()
  @IsIn(LANGUAGES)
  default_language?: Language;

  /**
   * Exact origins (scheme, host, optional port; no path) of the pages that may embed the widget
   * @example ["https://example.com"]
   */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @IsString({ each: true })
  @Matches(WEB_ORIGIN, { each: true, message: 'allowed_origins must be exact origins like https://example.com' })
  allowed_origins?: string[];

  /** null: always open */
  @IsOptional()
  @ValidateNested()
  @Type(() => WorkingHours)
  working_hours?: WorkingHours | null;
}

/** A visitor's new chat. */
export class CreateVisitorSessionBody {
  /** Default: the widget’s default_language */
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  /**
   * The embedding page’s origin, used when the request’s Origin is the gateway’s own (the iframe page)
   * @example "https://example.com"
   */
  @IsOptional()
  @IsString()
  @MaxLength(300)
  origin?: string;
}

/** A visitor's message, or a team member's reply. */
export class ChatTextBody {
  /** Plain text, Arabic or English */
  @IsString()
  @Length(1, VISITOR_TEXT_MAX)
  @Matches(/\S/, { message: 'text must not be blank' })
  text: string;
}

/**
 * What a visitor leaves for the team. The gateway checks the phone and the address (the leads
 * service's request only bounds their length).
 */
export class VisitorContactBody {
  /** The visitor's name. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  /**
   * A mobile number, stored as E.164. National forms are read as Saudi, then Emirati (050 123 4567 → +966501234567; write +971 for an Emirati number that is also a Saudi one); +966…, 00966… and Arabic-Indic digits (٠٥٠١٢٣٤٥٦٧) are accepted.
   * @example "055 123 4567"
   */
  @IsOptional()
  @IsMobileNumber()
  phone?: string;

  /** An e-mail address, stored lower-cased. */
  @IsOptional()
  @IsEmail()
  @MaxLength(320)
  email?: string;
}

/** The inbox's filters and paging. */
export class ListConversationsQuery extends PageQuery {
  /** `open` (any open), `escalated` (open and waiting for a person), `closed` */
  @IsOptional()
  @IsIn(CONVERSATION_FILTER_STATUSES)
  status?: ConversationFilterStatus;

  /** `unassigned`, or `mine` (assigned to you) */
  @IsOptional()
  @IsIn(CONVERSATION_ASSIGNED_FILTERS)
  assigned?: ConversationAssignedFilter;

  /** Only this project's chats. */
  @IsOptional()
  @IsUUID()
  project_id?: string;
}

/** Who gets the chat. */
export class AssignConversationBody {
  /** A member of your workspace (account id) */
  @IsUUID()
  member_id: string;
}
