import { Injectable } from '@nestjs/common';
import { ConversationsRpc, VisitorSessionsRpc, WidgetsRpc } from '@app/contracts';
import type {
  AssignConversationRequest,
  ConversationRefRequest,
  ConversationReplyRequest,
  CreateVisitorSessionRequest,
  ListConversationsRequest,
  UpdateWidgetRequest,
  VisitorContactRequest,
  VisitorMessageRequest,
  VisitorSessionRef,
  WidgetProjectRef,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The leads service's widget, visitor and inbox calls, typed. */
@Injectable()
export class WidgetsClient {
  constructor(private readonly rpc: RpcClient) {}

  config = (r: WidgetProjectRef) => this.rpc.call(WidgetsRpc.config, r);
  updateConfig = (r: UpdateWidgetRequest) => this.rpc.call(WidgetsRpc.updateConfig, r);
  publicWidget = (widget_id: string) => this.rpc.call(WidgetsRpc.publicWidget, { widget_id });
  createSession = (r: CreateVisitorSessionRequest) => this.rpc.call(VisitorSessionsRpc.create, r);
  session = (r: VisitorSessionRef) => this.rpc.call(VisitorSessionsRpc.get, r);
  thread = (r: VisitorSessionRef) => this.rpc.call(VisitorSessionsRpc.messages, r);
  send = (r: VisitorMessageRequest) => this.rpc.call(VisitorSessionsRpc.send, r);
  contact = (r: VisitorContactRequest) => this.rpc.call(VisitorSessionsRpc.contact, r);
  escalate = (r: VisitorSessionRef) => this.rpc.call(VisitorSessionsRpc.escalate, r);
  list = (r: ListConversationsRequest) => this.rpc.call(ConversationsRpc.list, r);
  get = (r: ConversationRefRequest) => this.rpc.call(ConversationsRpc.get, r);
  reply = (r: ConversationReplyRequest) => this.rpc.call(ConversationsRpc.reply, r);
  assign = (r: AssignConversationRequest) => this.rpc.call(ConversationsRpc.assign, r);
  close = (r: ConversationRefRequest) => this.rpc.call(ConversationsRpc.close, r);
  takeOver = (r: ConversationRefRequest) => this.rpc.call(ConversationsRpc.takeOver, r);
  handBack = (r: ConversationRefRequest) => this.rpc.call(ConversationsRpc.handBack, r);
  promote = (r: ConversationRefRequest) => this.rpc.call(ConversationsRpc.promote, r);
}
