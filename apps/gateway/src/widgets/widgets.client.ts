import { Injectable } from '@nestjs/common';
import {
  LEADS_CONVERSATION_ASSIGN_PATTERN,
  LEADS_CONVERSATION_CLOSE_PATTERN,
  LEADS_CONVERSATION_GET_PATTERN,
  LEADS_CONVERSATION_HAND_BACK_PATTERN,
  LEADS_CONVERSATION_LIST_PATTERN,
  LEADS_CONVERSATION_PROMOTE_PATTERN,
  LEADS_CONVERSATION_REPLY_PATTERN,
  LEADS_CONVERSATION_TAKE_OVER_PATTERN,
  LEADS_VISITOR_CONTACT_PATTERN,
  LEADS_VISITOR_ESCALATE_PATTERN,
  LEADS_VISITOR_MESSAGES_PATTERN,
  LEADS_VISITOR_SEND_PATTERN,
  LEADS_VISITOR_SESSION_CREATE_PATTERN,
  LEADS_VISITOR_SESSION_GET_PATTERN,
  LEADS_WIDGET_CONFIG_GET_PATTERN,
  LEADS_WIDGET_CONFIG_UPDATE_PATTERN,
  LEADS_WIDGET_PUBLIC_PATTERN,
} from '@app/contracts';
import type {
  AssignConversationRequest,
  ConversationRefRequest,
  ConversationReplyRequest,
  ConversationResponse,
  ConversationThreadResponse,
  ConversationsPageResponse,
  CreateVisitorSessionRequest,
  LeadResponse,
  ListConversationsRequest,
  MessageResponse,
  PublicWidgetResponse,
  SessionResponse,
  UpdateWidgetRequest,
  VisitorContactRequest,
  VisitorMessageRequest,
  VisitorSessionCreatedResponse,
  VisitorSessionRef,
  VisitorThreadResponse,
  WidgetConfigResponse,
  WidgetProjectRef,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The leads service's widget, visitor and inbox calls, typed. */
@Injectable()
export class WidgetsClient {
  constructor(private readonly rpc: RpcClient) {}

  config = (r: WidgetProjectRef) => this.rpc.send<WidgetConfigResponse>(LEADS_WIDGET_CONFIG_GET_PATTERN, r);
  updateConfig = (r: UpdateWidgetRequest) => this.rpc.send<WidgetConfigResponse>(LEADS_WIDGET_CONFIG_UPDATE_PATTERN, r);
  publicWidget = (widget_id: string) => this.rpc.send<PublicWidgetResponse>(LEADS_WIDGET_PUBLIC_PATTERN, { widget_id });
  createSession = (r: CreateVisitorSessionRequest) =>
    this.rpc.send<VisitorSessionCreatedResponse>(LEADS_VISITOR_SESSION_CREATE_PATTERN, r);
  session = (r: VisitorSessionRef) => this.rpc.send<SessionResponse>(LEADS_VISITOR_SESSION_GET_PATTERN, r);
  thread = (r: VisitorSessionRef) => this.rpc.send<VisitorThreadResponse>(LEADS_VISITOR_MESSAGES_PATTERN, r);
  send = (r: VisitorMessageRequest) => this.rpc.send<{ message: MessageResponse }>(LEADS_VISITOR_SEND_PATTERN, r);
  contact = (r: VisitorContactRequest) => this.rpc.send<{ session: SessionResponse }>(LEADS_VISITOR_CONTACT_PATTERN, r);
  escalate = (r: VisitorSessionRef) => this.rpc.send<{ session: SessionResponse }>(LEADS_VISITOR_ESCALATE_PATTERN, r);
  list = (r: ListConversationsRequest) => this.rpc.send<ConversationsPageResponse>(LEADS_CONVERSATION_LIST_PATTERN, r);
  get = (r: ConversationRefRequest) => this.rpc.send<ConversationThreadResponse>(LEADS_CONVERSATION_GET_PATTERN, r);
  reply = (r: ConversationReplyRequest) =>
    this.rpc.send<{ message: MessageResponse }>(LEADS_CONVERSATION_REPLY_PATTERN, r);
  assign = (r: AssignConversationRequest) => this.rpc.send<ConversationResponse>(LEADS_CONVERSATION_ASSIGN_PATTERN, r);
  close = (r: ConversationRefRequest) => this.rpc.send<ConversationResponse>(LEADS_CONVERSATION_CLOSE_PATTERN, r);
  takeOver = (r: ConversationRefRequest) =>
    this.rpc.send<ConversationResponse>(LEADS_CONVERSATION_TAKE_OVER_PATTERN, r);
  handBack = (r: ConversationRefRequest) =>
    this.rpc.send<ConversationResponse>(LEADS_CONVERSATION_HAND_BACK_PATTERN, r);
  promote = (r: ConversationRefRequest) => this.rpc.send<LeadResponse>(LEADS_CONVERSATION_PROMOTE_PATTERN, r);
}
