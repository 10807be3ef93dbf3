import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type {
  Principal,
  UpdateWidgetBody,
  WidgetConfigResponse,
  WidgetConfigWithSnippetResponse,
} from '@app/contracts';
import { WidgetsRpc } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { DeveloperWorkspaces } from '../identity/workspaces/developer-workspaces';

/** The widget configuration routes and MCP tools: the caller's developer workspace, then the leads service. */
@Injectable()
export class WidgetConfigService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly developers: DeveloperWorkspaces,
  ) {}

  /** `origin`: where the gateway is reached, for the embed snippet. */
  async get(principal: Principal, projectId: string, origin: string): Promise<WidgetConfigWithSnippetResponse> {
    const widget = await this.rpc.call(WidgetsRpc.config, {
      workspace_id: await this.developers.of(principal),
      account_id: principal.accountId,
      project_id: projectIdOf(projectId),
    });
    return withSnippet(widget, origin);
  }

  async update(
    principal: Principal,
    projectId: string,
    body: UpdateWidgetBody,
    origin: string,
  ): Promise<WidgetConfigWithSnippetResponse> {
    const widget = await this.rpc.call(WidgetsRpc.updateConfig, {
      ...body,
      workspace_id: await this.developers.of(principal),
      account_id: principal.accountId,
      project_id: projectIdOf(projectId),
    });
    return withSnippet(widget, origin);
  }
}

function withSnippet(widget: WidgetConfigResponse, origin: string): WidgetConfigWithSnippetResponse {
  return {
    ...widget,
    embed_snippet: `<script src="${origin}/widget.js" data-widget-id="${widget.id}" async></script>`,
  };
}

/** A path id that is not a uuid names no project of yours. */
function projectIdOf(id: string): string {
  if (!isUUID(id)) throw new AppError('project_not_found', 'There is no such project in your workspace.');
  return id;
}
