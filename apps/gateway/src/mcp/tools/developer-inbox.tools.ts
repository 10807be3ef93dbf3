import { ChatTextBody, ListConversationsQuery, UpdateWidgetBody } from '@app/contracts';
import type { Permission } from '@app/contracts';
import type { ConversationsService } from '../../conversations/conversations.service';
import type { WidgetConfigService } from '../../widgets/widget-config.service';
import { READ, UPDATE, WRITE, defineTool, outputSchemaOf } from './mcp-tool';
import type { McpTool } from './mcp-tool';

const as = (permission: Permission) => ({ kind: 'developer', permission }) as const;
const WIDGET = outputSchemaOf('The project’s widget and its embed snippet', {
  id: 'string',
  enabled: 'boolean',
  embed_snippet: 'string',
});
const HELP = {
  project_id: 'The project id (uuid), from developer_list_projects',
  conversation_id: 'The conversation (widget chat session) id, from developer_list_conversations',
  working_hours:
    'Opening hours: { time_zone (IANA), weekly: [{ day 0-6 (Sunday=0), open HH:MM, close HH:MM }] }, or null for always',
};

/**
 * Developer tools for the chat widget and its inbox (spec 4.6): members of a developer
 * workspace whose role holds the permission. `origin` is where the gateway is reached, for
 * the embed snippet.
 */
export function developerInboxTools(
  widgets: WidgetConfigService,
  conversations: ConversationsService,
  origin: string,
): McpTool[] {
  return [
    defineTool({
      name: 'developer_get_widget_config',
      title: 'Get a project’s chat widget',
      description:
        'The widget of one of your projects: greeting, colours, languages, allowed origins, hours, embed snippet.',
      audience: as('widget:configure'),
      annotations: READ,
      ids: ['project_id'],
      help: HELP,
      output: WIDGET,
      call: (principal, _body, ids) => widgets.get(principal, ids.project_id, origin),
    }),
    defineTool({
      name: 'developer_update_widget_config',
      title: 'Configure a project’s chat widget',
      description: 'Change the widget’s settings; fields left out keep their value.',
      audience: as('widget:configure'),
      annotations: UPDATE,
      ids: ['project_id'],
      input: UpdateWidgetBody,
      help: HELP,
      output: WIDGET,
      call: (principal, body, ids) => widgets.update(principal, ids.project_id, body, origin),
    }),
    defineTool({
      name: 'developer_list_conversations',
      title: 'List website chats',
      description: 'Your workspace’s widget chats, latest activity first, with the last message and unread count.',
      audience: as('inbox:read'),
      annotations: READ,
      input: ListConversationsQuery,
      help: HELP,
      output: outputSchemaOf('A page of conversations', { data: 'array' }),
      call: (principal, body) => conversations.list(principal, body),
    }),
    defineTool({
      name: 'developer_get_conversation',
      title: 'Read a website chat',
      description: 'One chat with its messages (marks it read for the team).',
      audience: as('inbox:read'),
      annotations: READ,
      ids: ['conversation_id'],
      help: HELP,
      output: outputSchemaOf('The conversation', { id: 'string', status: 'string', messages: 'array' }),
      call: (principal, _body, ids) => conversations.get(principal, ids.conversation_id),
    }),
    defineTool({
      name: 'developer_reply_to_conversation',
      title: 'Reply to a website visitor',
      description: 'Answer the visitor as a team member; the assistant stops and the chat is assigned to you.',
      audience: as('inbox:reply'),
      annotations: WRITE,
      ids: ['conversation_id'],
      input: ChatTextBody,
      help: HELP,
      output: outputSchemaOf('The message', { message: 'object' }),
      call: (principal, body, ids) => conversations.reply(principal, ids.conversation_id, body.text),
    }),
    defineTool({
      name: 'developer_promote_conversation',
      title: 'Make a website chat a CRM lead',
      description:
        'A lead with the visitor’s contact (phone or e-mail needed, else contact_required); asking again answers the same lead.',
      audience: as('leads:manage'),
      annotations: UPDATE,
      ids: ['conversation_id'],
      help: HELP,
      output: outputSchemaOf('The lead', { id: 'string', source: 'string' }),
      call: (principal, _body, ids) => conversations.promote(principal, ids.conversation_id),
    }),
  ];
}
