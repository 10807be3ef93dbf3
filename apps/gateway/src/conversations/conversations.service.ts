import { Injectable } from '@nestjs/common';
import { ConversationsRpc, pageOf } from '@app/contracts';
import type {
  ConversationResponse,
  ConversationThreadResponse,
  ConversationsPageResponse,
  LeadResponse,
  ListConversationsQuery,
  MessageResponse,
  Principal,
  WorkspaceRef,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { DeveloperWorkspaces } from '../identity/workspaces/developer-workspaces';

/** The inbox routes and the MCP inbox tools: the caller's developer workspace, then the leads service. */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly developers: DeveloperWorkspaces,
  ) {}

  async list(principal: Principal, query: ListConversationsQuery): Promise<ConversationsPageResponse> {
    return this.rpc.call(ConversationsRpc.list, { ...query, ...pageOf(query), ...(await this.ref(principal)) });
  }

  async get(principal: Principal, id: string): Promise<ConversationThreadResponse> {
    return this.rpc.call(ConversationsRpc.get, { ...(await this.ref(principal)), id });
  }

  async reply(principal: Principal, id: string, text: string): Promise<{ message: MessageResponse }> {
    return this.rpc.call(ConversationsRpc.reply, { ...(await this.ref(principal)), id, text });
  }

  async takeOver(principal: Principal, id: string): Promise<ConversationResponse> {
    return this.rpc.call(ConversationsRpc.takeOver, { ...(await this.ref(principal)), id });
  }

  async handBack(principal: Principal, id: string): Promise<ConversationResponse> {
    return this.rpc.call(ConversationsRpc.handBack, { ...(await this.ref(principal)), id });
  }

  async assign(principal: Principal, id: string, memberId: string): Promise<ConversationResponse> {
    return this.rpc.call(ConversationsRpc.assign, { ...(await this.ref(principal)), id, member_id: memberId });
  }

  async close(principal: Principal, id: string): Promise<ConversationResponse> {
    return this.rpc.call(ConversationsRpc.close, { ...(await this.ref(principal)), id });
  }

  async promote(principal: Principal, id: string): Promise<LeadResponse> {
    return this.rpc.call(ConversationsRpc.promote, { ...(await this.ref(principal)), id });
  }

  /** An API key acts as its creator (the member its replies and take-overs are attributed to). */
  private async ref(principal: Principal): Promise<WorkspaceRef> {
    return { workspace_id: await this.developers.of(principal), account_id: principal.accountId };
  }
}
