import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { InjectConfig, publicUrlOf } from '@app/config';
import type { AppConfig } from '@app/config';
import { gatewayConfig } from '../../config/gateway.env';
import { ConversationsService } from '../../conversations/conversations.service';
import { isAllowed } from '../../identity/access/access-rules';
import { IdentityDirectory } from '../../identity/directory/identity-directory';
import { contractDescriptions } from '../../openapi/contract-metadata';
import { WidgetConfigService } from '../../widgets/widget-config.service';
import { brokerTools } from './broker.tools';
import { buyerTools } from './buyer.tools';
import { decisionTools } from './decision.tools';
import { developerProjectTools } from './developer-projects.tools';
import { developerKnowledgeTools } from './developer-knowledge.tools';
import { developerInboxTools } from './developer-inbox.tools';
import type { McpTool, ToolCaller } from './mcp-tool';
import { ToolServices } from './tool-services';
import { sessionTools } from './session.tools';
import { workspaceTools } from './workspace.tools';

/**
 * Every tool, built once at start (schemas generated, descriptions joined): a request only
 * filters this list by the caller's workspace and role.
 */
@Injectable()
export class ToolCatalogue implements OnModuleInit {
  readonly tools: readonly McpTool[];
  private readonly listed = new Map<string, Tool>();

  constructor(
    services: ToolServices,
    identity: IdentityDirectory,
    widgets: WidgetConfigService,
    conversations: ConversationsService,
    @InjectConfig(gatewayConfig) config: AppConfig<typeof gatewayConfig>,
  ) {
    const origin = new URL(publicUrlOf(config.PUBLIC_URL, config.PORT)).origin;
    this.tools = [
      ...sessionTools(identity),
      ...buyerTools(services),
      ...brokerTools(services),
      ...workspaceTools(services),
      ...decisionTools(services),
      ...developerProjectTools(services),
      ...developerKnowledgeTools(services),
      ...developerInboxTools(widgets, conversations, origin),
    ];
  }

  /** The listing of each tool, its arguments described by the contract classes' doc comments. */
  async onModuleInit(): Promise<void> {
    const descriptions = await contractDescriptions();
    for (const tool of this.tools) {
      this.listed.set(tool.name, {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema(descriptions) as Tool['inputSchema'],
        outputSchema: tool.outputSchema as Tool['outputSchema'],
        annotations: { title: tool.title, ...tool.annotations },
      });
    }
  }

  /** The tools this caller may use, as tools/list describes them. */
  visibleTo(caller: ToolCaller): Tool[] {
    return this.tools.filter((tool) => isVisible(tool, caller)).map((tool) => this.listed.get(tool.name)!);
  }

  /** The tool by name if this caller may use it; a hidden tool is as absent as an unknown one. */
  find(name: string, caller: ToolCaller): McpTool | undefined {
    const tool = this.tools.find((candidate) => candidate.name === name);
    return tool && isVisible(tool, caller) ? tool : undefined;
  }
}

/**
 * Broker and workspace tools are for members of a broker workspace, developer tools for members
 * of a developer workspace, each allowed by the REST routes' rule for its permission: the
 * workspace role decides, not the account's sign-up role.
 */
export function isVisible(tool: McpTool, caller: ToolCaller): boolean {
  const { audience } = tool;
  if (audience.kind === 'session' || audience.kind === 'buyer') return true;
  return caller.workspaceKind === audience.kind && isAllowed(caller.principal, { permission: audience.permission });
}
