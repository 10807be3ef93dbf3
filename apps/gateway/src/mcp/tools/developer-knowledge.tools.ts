import {
  CreateKnowledgeArticleBody,
  ListKnowledgeQuery,
  SearchKnowledgeQuery,
  UpdateKnowledgeArticleBody,
} from '@app/contracts';
import type { Permission } from '@app/contracts';
import type { ToolServices } from './tool-services';
import { DELETE, READ, UPDATE, WRITE, defineTool, outputSchemaOf } from './mcp-tool';
import type { McpTool } from './mcp-tool';

const as = (permission: Permission) => ({ kind: 'developer', permission }) as const;
const ENTRY = outputSchemaOf('The knowledge-base entry, both languages', { id: 'string', kind: 'string' });
const HELP = {
  project_id: 'The project (uuid) whose knowledge base this is',
  entry_id: 'The knowledge-base entry (uuid), from developer_list_knowledge',
};

/** Spec 4.6 developer tools for a project's knowledge base: members of a developer workspace, by permission. */
export function developerKnowledgeTools(services: ToolServices): McpTool[] {
  return [
    defineTool({
      name: 'developer_list_knowledge',
      title: 'List a project’s knowledge base',
      description:
        'Articles, FAQ entries and uploaded documents the project’s chat widget answers from, newest first, ' +
        'with how many passages each has in English and Arabic.',
      audience: as('inbox:read'),
      annotations: READ,
      ids: ['project_id'],
      input: ListKnowledgeQuery,
      help: HELP,
      output: outputSchemaOf('A page of knowledge-base entries', { data: 'array' }),
      call: (principal, body, ids) => services.knowledge.list(principal, ids.project_id, body),
    }),
    defineTool({
      name: 'developer_add_knowledge_article',
      title: 'Add a knowledge-base article or FAQ entry',
      description:
        'A title and a body in English, Arabic or both; indexed for the widget assistant at once. Never put ' +
        'prices or availability here: the assistant reads those live from the project’s units.',
      audience: as('knowledge:manage'),
      annotations: WRITE,
      ids: ['project_id'],
      input: CreateKnowledgeArticleBody,
      help: HELP,
      output: ENTRY,
      call: (principal, body, ids) => services.knowledge.createArticle(principal, ids.project_id, body),
    }),
    defineTool({
      name: 'developer_update_knowledge_article',
      title: 'Change a knowledge-base article or FAQ entry',
      description: 'Fields sent replace the stored ones (null removes that language); the entry is indexed again.',
      audience: as('knowledge:manage'),
      annotations: UPDATE,
      ids: ['project_id', 'entry_id'],
      input: UpdateKnowledgeArticleBody,
      help: HELP,
      output: ENTRY,
      call: (principal, body, ids) => services.knowledge.update(principal, ids.project_id, ids.entry_id, body),
    }),
    defineTool({
      name: 'developer_delete_knowledge_article',
      title: 'Delete a knowledge-base entry',
      description: 'Deletes an article, FAQ entry or document; the assistant stops citing it at once.',
      audience: as('knowledge:manage'),
      annotations: DELETE,
      ids: ['project_id', 'entry_id'],
      help: HELP,
      output: outputSchemaOf('Deleted', { id: 'string', deleted: 'boolean' }),
      call: (principal, _body, ids) => services.knowledge.delete(principal, ids.project_id, ids.entry_id),
    }),
    defineTool({
      name: 'developer_search_knowledge',
      title: 'Try a question against the knowledge base',
      description:
        'What the widget assistant would retrieve for a visitor’s question: passages with scores and whether ' +
        'each reaches the relevance threshold (none: the assistant says it does not know and offers a person).',
      audience: as('inbox:read'),
      annotations: READ,
      ids: ['project_id'],
      input: SearchKnowledgeQuery,
      help: HELP,
      output: outputSchemaOf('The retrieved passages', { relevant: 'boolean', data: 'array' }),
      call: (principal, body, ids) => services.knowledge.search(principal, ids.project_id, body),
    }),
  ];
}
