import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  AssignConversationRequest,
  ConversationRefRequest,
  ConversationReplyRequest,
  CreateVisitorSessionRequest,
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
  ListConversationsRequest,
  VisitorContactRequest,
  VisitorMessageRequest,
  VisitorSessionRef,
} from '@app/contracts';
import type {
  ConversationResponse,
  ConversationThreadResponse,
  ConversationsPageResponse,
  LeadResponse,
  MessageResponse,
  SessionResponse,
  VisitorSessionCreatedResponse,
  VisitorThreadResponse,
} from '@app/contracts';
import { MessageData } from '@app/messaging';
import { InboxService } from './inbox.service';
import { VisitorSessionsService } from './visitor-sessions.service';

/** Widget visitors' and the team's message handlers: adapters onto the services. */
@Controller()
export class ConversationsController {
  constructor(
    private readonly visitors: VisitorSessionsService,
    private readonly inbox: InboxService,
  ) {}

  @MessagePattern(LEADS_VISITOR_SESSION_CREATE_PATTERN)
  createSession(@MessageData() request: CreateVisitorSessionRequest): Promise<VisitorSessionCreatedResponse> {
    return this.visitors.create(request);
  }

  @MessagePattern(LEADS_VISITOR_SESSION_GET_PATTERN)
  session(@MessageData() request: VisitorSessionRef): Promise<SessionResponse> {
    return this.visitors.session(request);
  }

  @MessagePattern(LEADS_VISITOR_MESSAGES_PATTERN)
  thread(@MessageData() request: VisitorSessionRef): Promise<VisitorThreadResponse> {
    return this.visitors.thread(request);
  }

  @MessagePattern(LEADS_VISITOR_SEND_PATTERN)
  send(@MessageData() request: VisitorMessageRequest): Promise<{ message: MessageResponse }> {
    return this.visitors.send(request);
  }

  @MessagePattern(LEADS_VISITOR_CONTACT_PATTERN)
  contact(@MessageData() request: VisitorContactRequest): Promise<{ session: SessionResponse }> {
    return this.visitors.contact(request);
  }

  @MessagePattern(LEADS_VISITOR_ESCALATE_PATTERN)
  escalate(@MessageData() request: VisitorSessionRef): Promise<{ session: SessionResponse }> {
    return this.visitors.escalate(request);
  }

  @MessagePattern(LEADS_CONVERSATION_LIST_PATTERN)
  list(@MessageData() request: ListConversationsRequest): Promise<ConversationsPageResponse> {
    return this.inbox.list(request);
  }

  @MessagePattern(LEADS_CONVERSATION_GET_PATTERN)
  get(@MessageData() request: ConversationRefRequest): Promise<ConversationThreadResponse> {
    return this.inbox.get(request);
  }

  @MessagePattern(LEADS_CONVERSATION_REPLY_PATTERN)
  reply(@MessageData() request: ConversationReplyRequest): Promise<{ message: MessageResponse }> {
    return this.inbox.reply(request);
  }

  @MessagePattern(LEADS_CONVERSATION_ASSIGN_PATTERN)
  assign(@MessageData() request: AssignConversationRequest): Promise<ConversationResponse> {
    return this.inbox.assign(request);
  }

  @MessagePattern(LEADS_CONVERSATION_CLOSE_PATTERN)
  close(@MessageData() request: ConversationRefRequest): Promise<ConversationResponse> {
    return this.inbox.close(request);
  }

  @MessagePattern(LEADS_CONVERSATION_TAKE_OVER_PATTERN)
  takeOver(@MessageData() request: ConversationRefRequest): Promise<ConversationResponse> {
    return this.inbox.takeOver(request);
  }

  @MessagePattern(LEADS_CONVERSATION_HAND_BACK_PATTERN)
  handBack(@MessageData() request: ConversationRefRequest): Promise<ConversationResponse> {
    return this.inbox.handBack(request);
  }

  @MessagePattern(LEADS_CONVERSATION_PROMOTE_PATTERN)
  promote(@MessageData() request: ConversationRefRequest): Promise<LeadResponse> {
    return this.inbox.promote(request);
  }
}
