import {
  CreateProjectBody,
  CreateUnitBody,
  ListProjectsQuery,
  ListUnitsQuery,
  UpdateProjectBody,
  UpdateUnitBody,
} from '@app/contracts';
import type { Permission } from '@app/contracts';
import type { ToolServices } from './tool-services';
import { DELETE, READ, UPDATE, WRITE, defineTool, outputSchemaOf } from './mcp-tool';
import type { McpTool } from './mcp-tool';

const as = (permission: Permission) => ({ kind: 'developer', permission }) as const;
const PROJECT = outputSchemaOf('The project, both languages', { id: 'string', name_en: 'string', name_ar: 'string' });
const UNIT = outputSchemaOf('The unit', { id: 'string', status: 'string', price: 'number' });
const PAGE = (what: string) => outputSchemaOf(`A page of ${what}`, { data: 'array' });

const HELP: Record<string, string> = {
  project_id: 'The project id (uuid) from developer_list_projects or developer_create_project',
  unit_id: 'The unit id (uuid) from developer_list_units',
};

/** Developer tools for projects and units (spec 4.6): developer accounts in their workspace. */
export function developerProjectTools(services: ToolServices): McpTool[] {
  return [
    defineTool({
      name: 'developer_list_projects',
      title: 'List my projects',
      description: 'Your workspace’s projects, newest first or by name (Arabic order with sort=name_ar).',
      audience: as('projects:manage'),
      annotations: READ,
      input: ListProjectsQuery,
      help: HELP,
      output: PAGE('projects'),
      call: (principal, body) => services.projects.list(principal, body),
    }),
    defineTool({
      name: 'developer_get_project',
      title: 'Get a project',
      description: 'One project of your workspace (another workspace’s answers project_not_found).',
      audience: as('projects:manage'),
      annotations: READ,
      ids: ['project_id'],
      help: HELP,
      output: PROJECT,
      call: (principal, _body, ids) => services.projects.get(principal, ids.project_id),
    }),
    defineTool({
      name: 'developer_create_project',
      title: 'Create a project',
      description:
        'A new project: names in English and Arabic, a place (district_id, or city + district in Arabic or ' +
        'English), off_plan or ready, handover date, and the registration numbers of its country (REGA licence ' +
        'in Saudi Arabia, DLD project number in Dubai; escrow account in both).',
      audience: as('projects:manage'),
      annotations: WRITE,
      input: CreateProjectBody,
      help: HELP,
      output: PROJECT,
      call: (principal, body) => services.projects.create(principal, body),
    }),
    defineTool({
      name: 'developer_update_project',
      title: 'Update a project',
      description: 'Change fields of your project; a new place re-checks the registration numbers.',
      audience: as('projects:manage'),
      annotations: UPDATE,
      ids: ['project_id'],
      input: UpdateProjectBody,
      help: HELP,
      output: PROJECT,
      call: (principal, body, ids) => services.projects.update(principal, ids.project_id, body),
    }),
    defineTool({
      name: 'developer_delete_project',
      title: 'Delete a project',
      description: 'Delete your project and its units; listings made from them stay as ordinary listings.',
      audience: as('projects:manage'),
      annotations: DELETE,
      ids: ['project_id'],
      help: HELP,
      output: outputSchemaOf('Deleted', { id: 'string', deleted: 'boolean' }),
      call: (principal, _body, ids) => services.projects.delete(principal, ids.project_id),
    }),
    defineTool({
      name: 'developer_list_units',
      title: 'List units',
      description: 'A project’s units with live price and status, optionally only one status.',
      audience: as('projects:manage'),
      annotations: READ,
      ids: ['project_id'],
      input: ListUnitsQuery,
      help: HELP,
      output: PAGE('units'),
      call: (principal, body, ids) => services.units.list(principal, ids.project_id, body),
    }),
    defineTool({
      name: 'developer_create_unit',
      title: 'Add a unit',
      description: 'A unit of the project: type, area, bedrooms (none for land), floor, price and currency.',
      audience: as('projects:manage'),
      annotations: WRITE,
      ids: ['project_id'],
      input: CreateUnitBody,
      help: HELP,
      output: UNIT,
      call: (principal, body, ids) => services.units.create(principal, ids.project_id, body),
    }),
    defineTool({
      name: 'developer_update_unit',
      title: 'Update a unit',
      description:
        'Change a unit’s price or availability (available ⇄ reserved → sold). Selling it withdraws its listing.',
      audience: as('projects:manage'),
      annotations: UPDATE,
      ids: ['project_id', 'unit_id'],
      input: UpdateUnitBody,
      help: HELP,
      output: UNIT,
      call: (principal, body, ids) => services.units.update(principal, ids.project_id, ids.unit_id, body),
    }),
    defineTool({
      name: 'developer_publish_unit',
      title: 'Publish a unit as a listing',
      description:
        'Make a draft listing from the unit and its project (both languages, place, price, area), starting with ' +
        "copies of the project's images. Submit it for moderation (add an image first if the project has none); " +
        'it is public once approved.',
      audience: as('projects:manage'),
      annotations: WRITE,
      ids: ['project_id', 'unit_id'],
      help: HELP,
      output: outputSchemaOf('The draft listing', { id: 'string', status: 'string', unit_id: 'string' }),
      call: (principal, _body, ids) => services.units.publish(principal, ids.project_id, ids.unit_id),
    }),
  ];
}
