import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Length,
  ValidateNested,
} from '@app/validation';
import { LANGUAGES } from './access';
import type { Language } from './access';
import { WorkspaceRef } from './leads.contract';
import { Paged } from './paging';
import type { MessageResponse, SessionResponse } from './conversations-responses.contract';
import { WorkingHours } from './working-hours.contract';
import type {
  ConversationResponse,
  ConversationThreadResponse,
  ConversationsPageResponse,
  PublicWidgetResponse,
  VisitorSessionCreatedResponse,
  VisitorThreadResponse,
  WidgetConfigResponse,
} from './conversations-responses.contract';
import { rpc } from './rpc-descriptor';
import type { LeadResponse } from './leads-responses.contract';
import type { WidgetFramingResponse } from './widget-page.contract';

/**
 * The live feed: every new message and session change, published by the leads service on a
 * NATS core subject (not JetStream, no queue group) so that every gateway replica receives
 * it and tells its own Server-Sent-Events clients. In-process in standalone.
 */
export const LIVE_CONVERSATIONS_SUBJECT = 'live.leads.conversations.v1';

export const SESSION_STATUSES = ['open', 'closed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const SESSION_HANDLERS = ['assistant', 'human'] as const;
export type SessionHandler = (typeof SESSION_HANDLERS)[number];

export const MESSAGE_AUTHORS = ['visitor', 'assistant', 'agent', 'system'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

export const CONVERSATION_FILTER_STATUSES = ['open', 'escalated', 'closed'] as const;
export type ConversationFilterStatus = (typeof CONVERSATION_FILTER_STATUSES)[number];

export const CONVERSATION_ASSIGNED_FILTERS = ['unassigned', 'mine'] as const;
export type ConversationAssignedFilter = (typeof CONVERSATION_ASSIGNED_FILTERS)[number];

export const VISITOR_TEXT_MAX = 2000;
/** `#rrggbb`. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** An exact web origin: scheme, host, optional port; no path, no trailing slash. */
export const WEB_ORIGIN =
  /^https?:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)(:\d{1,5})?$/;
/** The caller's workspace and one of its projects. */
export class WidgetProjectRef extends WorkspaceRef {
  @IsUUID()
  project_id: string;
}

/** Omitted fields keep their value. */
export class UpdateWidgetRequest extends WidgetProjectRef {
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  greeting_en?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  greeting_ar?: string;

  @IsOptional()
  @Matches(HEX_COLOR, { message: 'primary_color must be #rrggbb' })
  primary_color?: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(LANGUAGES, { each: true })
  languages?: Language[];

  @IsOptional()
  @IsIn(LANGUAGES)
  default_language?: Language;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @Matches(WEB_ORIGIN, { each: true, message: 'allowed_origins must be exact origins like https://example.com' })
  allowed_origins?: string[];

  /** null: always open. */
  @IsOptional()
  @ValidateNested()
  @Type(() => WorkingHours)
  working_hours?: WorkingHours | null;
}

export class WidgetRefRequest {
  @IsUUID()
  widget_id: string;
}

export class CreateVisitorSessionRequest extends WidgetRefRequest {
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  /** The embedding page's origin, as the gateway established it; null when none was given. */
  @IsOptional()
  @IsString()
  @MaxLength(300)
  origin: string | null;

  /** BCP 47 tag from the browser (Accept-Language's first), for the notification; no personal data. */
  @IsOptional()
  @IsString()
  @MaxLength(35)
  visitor_language?: string;
}

/** A visitor's token names one session of one widget: both must match. */
export class VisitorSessionRef {
  @IsUUID()
  widget_id: string;

  @IsUUID()
  session_id: string;
}

export class VisitorMessageRequest extends VisitorSessionRef {
  @IsString()
  @Length(1, VISITOR_TEXT_MAX)
  @Matches(/\S/, { message: 'text must not be blank' })
  text: string;
}

export class VisitorContactRequest extends VisitorSessionRef {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(20)
  phone?: string;

  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;
}

export class ListConversationsRequest extends Paged(WorkspaceRef) {
  @IsOptional()
  @IsIn(CONVERSATION_FILTER_STATUSES)
  status?: ConversationFilterStatus;

  @IsOptional()
  @IsIn(CONVERSATION_ASSIGNED_FILTERS)
  assigned?: ConversationAssignedFilter;

  @IsOptional()
  @IsUUID()
  project_id?: string;
}

export class ConversationRefRequest extends WorkspaceRef {
  @IsUUID()
  id: string;
}

export class ConversationReplyRequest extends ConversationRefRequest {
  @IsString()
  @Length(1, VISITOR_TEXT_MAX)
  @Matches(/\S/, { message: 'text must not be blank' })
  text: string;
}

export class AssignConversationRequest extends ConversationRefRequest {
  @IsUUID()
  member_id: string;
}

/** What the live feed carries: one session's new message or its changed state. */
export type LiveConversationEvent =
  | { kind: 'message'; session_id: string; workspace_id: string; message: MessageResponse }
  | { kind: 'session'; session_id: string; workspace_id: string; session: SessionResponse };

/**
 * The website chat widget (leads service): per-project widget configuration, anonymous
 * visitor sessions and their messages, escalation to a person, and the team's inbox.
 * The gateway owns the HTTP edge (visitor tokens, origin checks, the live stream).
 */
export const WidgetsRpc = {
  config: rpc<WidgetProjectRef, WidgetConfigResponse>('rpc.leads.widgets.config.get.v1'),
  updateConfig: rpc<UpdateWidgetRequest, WidgetConfigResponse>('rpc.leads.widgets.config.update.v1'),
  publicWidget: rpc<WidgetRefRequest, PublicWidgetResponse>('rpc.leads.widgets.public.v1'),
  /**
   * The gateway's chat page asks the leads service for a widget by id, with the origins allowed
   * to frame it (its CSP frame-ancestors). Unknown or disabled: `widget_not_found` (404).
   * Request: `WidgetRefRequest`. The origins never reach visitors: the page only puts them in a header.
   */
  framing: rpc<WidgetRefRequest, WidgetFramingResponse>('rpc.leads.widgets.framing.v1'),
};

/** A widget visitor's session with the assistant. */
export const VisitorSessionsRpc = {
  create: rpc<CreateVisitorSessionRequest, VisitorSessionCreatedResponse>('rpc.leads.widget-sessions.create.v1'),
  get: rpc<VisitorSessionRef, SessionResponse>('rpc.leads.widget-sessions.get.v1'),
  messages: rpc<VisitorSessionRef, VisitorThreadResponse>('rpc.leads.widget-sessions.messages.v1'),
  send: rpc<VisitorMessageRequest, { message: MessageResponse }>('rpc.leads.widget-sessions.send.v1'),
  contact: rpc<VisitorContactRequest, { session: SessionResponse }>('rpc.leads.widget-sessions.contact.v1'),
  escalate: rpc<VisitorSessionRef, { session: SessionResponse }>('rpc.leads.widget-sessions.escalate.v1'),
};

/** A workspace's widget conversations. */
export const ConversationsRpc = {
  list: rpc<ListConversationsRequest, ConversationsPageResponse>('rpc.leads.conversations.list.v1'),
  get: rpc<ConversationRefRequest, ConversationThreadResponse>('rpc.leads.conversations.get.v1'),
  reply: rpc<ConversationReplyRequest, { message: MessageResponse }>('rpc.leads.conversations.reply.v1'),
  assign: rpc<AssignConversationRequest, ConversationResponse>('rpc.leads.conversations.assign.v1'),
  close: rpc<ConversationRefRequest, ConversationResponse>('rpc.leads.conversations.close.v1'),
  takeOver: rpc<ConversationRefRequest, ConversationResponse>('rpc.leads.conversations.take-over.v1'),
  handBack: rpc<ConversationRefRequest, ConversationResponse>('rpc.leads.conversations.hand-back.v1'),
  promote: rpc<ConversationRefRequest, LeadResponse>('rpc.leads.conversations.promote.v1'),
};
