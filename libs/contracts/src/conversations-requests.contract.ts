import { IsOptional, IsString, IsUUID, MaxLength } from '@app/validation';
import {
  AssignConversationBody,
  ChatTextBody,
  CreateVisitorSessionBody,
  ListConversationsQuery,
  UpdateWidgetBody,
  VisitorContactBody,
} from './conversations-http.contract';
import { ForProject, ForVisitorSession, ForWorkspace } from './request-mixins';
import { rpc } from './rpc-descriptor';
import type { MessageResponse, SessionResponse } from './conversations-responses.contract';
import type {
  ConversationResponse,
  ConversationThreadResponse,
  ConversationsPageResponse,
  PublicWidgetResponse,
  VisitorSessionCreatedResponse,
  VisitorThreadResponse,
  WidgetConfigResponse,
} from './conversations-responses.contract';
import type { LeadResponse } from './leads-responses.contract';
import type { WidgetFramingResponse } from './widget-page.contract';

/**
 * The leads service's widget and inbox requests: a route's body or query
 * (conversations-http.contract.ts) with the caller the gateway adds, so a body's fields and rules
 * are written once (a visitor's phone and address are held to the same rules at both edges).
 */

/** The caller's workspace and one of its projects. */
export class WidgetProjectRef extends ForProject(class {}) {}

/** Omitted fields keep their value. */
export class UpdateWidgetRequest extends ForProject(UpdateWidgetBody) {}

export class WidgetRefRequest {
  @IsUUID()
  widget_id: string;
}

/** The visitor's body, for a widget, with what the gateway read from the browser. */
export class CreateVisitorSessionRequest extends CreateVisitorSessionBody {
  @IsUUID()
  widget_id: string;

  /** The embedding page's origin as the gateway established it (the Origin header, else the body's). */
  declare origin?: string;

  /** BCP 47 tag from the browser (Accept-Language's first), for the notification; no personal data. */
  @IsOptional()
  @IsString()
  @MaxLength(35)
  visitor_language?: string;
}

/** A visitor's token names one session of one widget: both must match. */
export class VisitorSessionRef extends ForVisitorSession(class {}) {}

export class VisitorMessageRequest extends ForVisitorSession(ChatTextBody) {}

export class VisitorContactRequest extends ForVisitorSession(VisitorContactBody) {}

export class ListConversationsRequest extends ForWorkspace(ListConversationsQuery) {
  declare limit: number;
  declare offset: number;
}

export class ConversationRefRequest extends ForWorkspace(class {}) {
  @IsUUID()
  id: string;
}

export class ConversationReplyRequest extends ForWorkspace(ChatTextBody) {
  @IsUUID()
  id: string;
}

export class AssignConversationRequest extends ForWorkspace(AssignConversationBody) {
  @IsUUID()
  id: string;
}

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
