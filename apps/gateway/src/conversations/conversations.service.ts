import { Injectable } from '@nestjs/common';
import { pageOf } from '@app/contracts';
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
import { DeveloperWorkspacesRepository } from '../widgets/developer-workspaces.repository';
import { WidgetsClient } from '../widgets/widgets.client';

/** The inbox routes and the MCP inbox tools: the caller's developer workspace, then the leads service. */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly widgets: WidgetsClient,
    private readonly developers: DeveloperWorkspacesRepository,
  ) {}

  async list(principal: Principal, query: ListConversationsQuery): Promise<ConversationsPageResponse> {
    return this.widgets.list({
      ...(await this.ref(principal)),
      ...(query.status ? { status: query.status } : {}),
      ...(query.assigned ? { assigned: query.assigned } : {}),
      ...(query.project_id ? { project_id: query.project_id } : {}),
      ...pageOf(query),
    });
  }

  async get(principal: Principal, id: string): Promise<ConversationThreadResponse> {
    return this.widgets.get({ ...(await this.ref(principal)), id });
  }

  async reply(principal: Principal, id: string, text: string): Promise<{ message: MessageResponse }> {
    return this.widgets.reply({ ...(await this.ref(principal)), id, text });
  }

  async takeOver(principal: Principal, id: string): Promise<ConversationResponse> {
    return this.widgets.takeOver({ ...(await this.ref(principal)), id });
  }

  async handBack(principal: Principal, id: string): Promise<ConversationResponse> {
    return this.widgets.handBack({ ...(await this.ref(principal)), id });
  }

  async assign(principal: Principal, id: string, memberId: string): Promise<ConversationResponse> {
    return this.widgets.assign({ ...(await this.ref(principal)), id, member_id: memberId });
  }

  async close(principal: Principal, id: string): Promise<ConversationResponse> {
    return this.widgets.close({ ...(await this.ref(principal)), id });
  }

  async promote(principal: Principal, id: string): Promise<LeadResponse> {
    return this.widgets.promote({ ...(await this.ref(principal)), id });
  }

  /** An API key acts as its creator (the member its replies and take-overs are attributed to). */
  private async ref(principal: Principal): Promise<WorkspaceRef> {
    return { workspace_id: await this.developers.workspaceOf(principal), account_id: principal.accountId };
  }
}
