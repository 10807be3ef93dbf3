import { IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Min } from '@app/validation';
import { LANGUAGES } from './access';
import type { Language } from './access';
import { MESSAGE_AUTHORS, SESSION_HANDLERS, SESSION_STATUSES } from './conversations.contract';
import type { MessageAuthor, SessionHandler, SessionStatus } from './conversations.contract';
import { ListPage } from './paging';
import { WorkingHours } from './working-hours.contract';

/**
 * What the leads service answers for the chat widget and its inbox, and the gateway serves (spec
 * 4.6). The gateway's OpenAPI document is generated from these classes (docs/openapi.md).
 */

/** What visitors' pages read: no allowed origins, no workspace. */
export class PublicWidgetResponse {
  /** The widget id. */
  @IsUUID()
  id: string;

  /** The project it belongs to. */
  @IsUUID()
  project_id: string;

  /** The greeting in English. */
  @IsString()
  greeting_en: string;

  /** The greeting in Arabic. */
  @IsString()
  greeting_ar: string;

  /**
   * The widget colour, #rrggbb.
   * @example "#0f766e"
   */
  @IsString()
  primary_color: string;

  /** The languages offered. */
  @IsIn(LANGUAGES, { each: true })
  languages: Language[];

  /** The language a chat starts in. */
  @IsIn(LANGUAGES)
  default_language: Language;

  /** Whether the team is in now, by working_hours (always true without hours) */
  @IsBoolean()
  open_now: boolean;

  /** null: always open */
  working_hours: WorkingHours | null;
}

/** A widget's configuration, as its workspace sees it. */
export class WidgetConfigResponse extends PublicWidgetResponse {
  /** Visitors can open chats only while enabled */
  @IsBoolean()
  enabled: boolean;

  /**
   * Exact origins of the pages that may embed the widget.
   * @example ["https://example.com"]
   */
  @IsString({ each: true })
  allowed_origins: string[];

  /** When the widget was made (its first read). */
  @IsISO8601()
  created_at: string;

  /** When its configuration last changed. */
  @IsISO8601()
  updated_at: string;
}

/** The configuration with the tag to paste, as the gateway answers it. */
export class WidgetConfigWithSnippetResponse extends WidgetConfigResponse {
  /** The tag to paste into the site’s pages */
  @IsString()
  embed_snippet: string;
}

/** A source an assistant reply cites. */
export class ConversationCitation {
  /** `article:<id>` or `units` (the live unit list) */
  @IsString()
  source_id: string;

  /** The source's title. */
  @IsString()
  title: string;

  /** The passage the reply drew on. */
  @IsString()
  excerpt: string;
}

/** A visitor's chat session. */
export class SessionResponse {
  /** The session id. */
  @IsUUID()
  id: string;

  /** The widget it was opened on. */
  @IsUUID()
  widget_id: string;

  /** The widget's project. */
  @IsUUID()
  project_id: string;

  /** open, or closed (the visitor can no longer write). */
  @IsIn(SESSION_STATUSES)
  status: SessionStatus;

  /** A person was asked for: the assistant no longer replies */
  @IsBoolean()
  escalated: boolean;

  /** Who answers the visitor: the assistant, or a person of the team. */
  @IsIn(SESSION_HANDLERS)
  handled_by: SessionHandler;

  /** The chat's language. */
  @IsIn(LANGUAGES)
  language: Language;

  /** When the chat was opened. */
  @IsISO8601()
  created_at: string;
}

/** One message of a chat. */
export class MessageResponse {
  /** The message id. */
  @IsUUID()
  id: string;

  /** Who wrote it. */
  @IsIn(MESSAGE_AUTHORS)
  author: MessageAuthor;

  /** Plain text, Arabic or English. */
  @IsString()
  text: string;

  /** Empty except on assistant replies */
  citations: ConversationCitation[];

  /** When it was written. */
  @IsISO8601()
  created_at: string;
}

/** One session. */
export class SessionEnvelopeResponse {
  /** The session. */
  session: SessionResponse;
}

/** What the leads service answers for a new visitor session (the gateway adds the token). */
export type VisitorSessionCreatedResponse = SessionEnvelopeResponse;

/** A new chat and the visitor token for its calls. */
export class SessionCreatedResponse extends SessionEnvelopeResponse {
  /** The visitor token (24 h) for this session’s calls: Authorization: Bearer <token> */
  @IsString()
  token: string;
}

/** One message. */
export class MessageEnvelopeResponse {
  /** The message. */
  message: MessageResponse;
}

/** A visitor's chat so far. */
export class VisitorThreadResponse {
  /** The session. */
  session: SessionResponse;

  /** Oldest first */
  messages: MessageResponse[];
}

/** What the visitor left for the team. */
export class ConversationContact {
  /** The name the visitor gave. */
  @IsOptional()
  @IsString()
  name: string | null;

  /** E.164 */
  @IsOptional()
  @IsString()
  phone: string | null;

  /** The e-mail address the visitor gave (lower-cased). */
  @IsOptional()
  @IsString()
  email: string | null;
}

/** A session as the team sees it in the inbox. */
export class ConversationResponse extends SessionResponse {
  /** The member who has it */
  @IsOptional()
  @IsUUID()
  assigned_to: string | null;

  /** What the visitor left */
  contact: ConversationContact;

  /** Set once promoted to a CRM lead */
  @IsOptional()
  @IsUUID()
  lead_id: string | null;

  /** The latest message, if any. */
  last_message: MessageResponse | null;

  /** Visitor messages nobody in the team has opened yet */
  @IsInt()
  @Min(0)
  unread_count: number;

  /** When it last changed. */
  @IsISO8601()
  updated_at: string;
}

/** A chat with its messages. */
export class ConversationThreadResponse extends ConversationResponse {
  /** Oldest first */
  messages: MessageResponse[];
}

/** A page of the inbox. */
export class ConversationsPageResponse extends ListPage {
  /** The chats, latest activity first. */
  data: ConversationResponse[];
}
