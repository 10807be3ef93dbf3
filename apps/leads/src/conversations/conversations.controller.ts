import { Controller } from '@nestjs/common';
import {
  AssignConversationRequest,
  ConversationRefRequest,
  ConversationReplyRequest,
  CreateVisitorSessionRequest,
  ListConversationsRequest,
  VisitorContactRequest,
  VisitorMessageRequest,
  VisitorSessionRef,
  ConversationsRpc,
  VisitorSessionsRpc,
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
import { MessageData, RpcHandler } from '@app/messaging';
import { InboxService } from './inbox.service';
import { VisitorSessionsService } from './visitor-sessions.service';

/** Widget visitors' and the team's message handlers: adapters onto the services. */
@Controller()
export class ConversationsController {
  constructor(
    private readonly visitors: VisitorSessionsService,
    private readonly inbox: InboxService,
  ) {}

  @RpcHandler(VisitorSessionsRpc.create)
  createSession(@MessageData() request: CreateVisitorSessionRequest): Promise<VisitorSessionCreatedResponse> {
    return this.visitors.create(request);
  }

  @RpcHandler(VisitorSessionsRpc.get)
  session(@MessageData() request: VisitorSessionRef): Promise<SessionResponse> {
    return this.visitors.session(request);
  }

  @RpcHandler(VisitorSessionsRpc.messages)
  thread(@MessageData() request: VisitorSessionRef): Promise<VisitorThreadResponse> {
    return this.visitors.thread(request);
  }

  @RpcHandler(VisitorSessionsRpc.send)
  send(@MessageData() request: VisitorMessageRequest): Promise<{ message: MessageResponse }> {
    return this.visitors.send(request);
  }

  @RpcHandler(VisitorSessionsRpc.contact)
  contact(@MessageData() request: VisitorContactRequest): Promise<{ session: SessionResponse }> {
    return this.visitors.contact(request);
  }

  @RpcHandler(VisitorSessionsRpc.escalate)
  escalate(@MessageData() request: VisitorSessionRef): Promise<{ session: SessionResponse }> {
    return this.visitors.escalate(request);
  }

  @RpcHandler(ConversationsRpc.list)
  list(@MessageData() request: ListConversationsRequest): Promise<ConversationsPageResponse> {
    return this.inbox.list(request);
  }

  @RpcHandler(ConversationsRpc.get)
  get(@MessageData() request: ConversationRefRequest): Promise<ConversationThreadResponse> {
    return this.inbox.get(request);
  }

  @RpcHandler(ConversationsRpc.reply)
  reply(@MessageData() request: ConversationReplyRequest): Promise<{ message: MessageResponse }> {
    return this.inbox.reply(request);
  }

  @RpcHandler(ConversationsRpc.assign)
  assign(@MessageData() request: AssignConversationRequest): Promise<ConversationResponse> {
    return this.inbox.assign(request);
  }

  @RpcHandler(ConversationsRpc.close)
  close(@MessageData() request: ConversationRefRequest): Promise<ConversationResponse> {
    return this.inbox.close(request);
  }

  @RpcHandler(ConversationsRpc.takeOver)
  takeOver(@MessageData() request: ConversationRefRequest): Promise<ConversationResponse> {
    return this.inbox.takeOver(request);
  }

  @RpcHandler(ConversationsRpc.handBack)
  handBack(@MessageData() request: ConversationRefRequest): Promise<ConversationResponse> {
    return this.inbox.handBack(request);
  }

  @RpcHandler(ConversationsRpc.promote)
  promote(@MessageData() request: ConversationRefRequest): Promise<LeadResponse> {
    return this.inbox.promote(request);
  }
}
