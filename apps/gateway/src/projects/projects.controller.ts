import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import {
  CreateProjectBody,
  ListProjectsQuery,
  ProjectDeletedResponse,
  ProjectResponse,
  ProjectsPageResponse,
  UpdateProjectBody,
  pageOf,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { DeveloperWorkspaces } from './developer-workspace';
import { ProjectsClient } from './projects.client';

export const PROJECT_NOT_FOUND = '`project_not_found`: no such project in your workspace';
export const DEVELOPERS_ONLY = 'Developer workspaces only (a broker workspace: 403 `forbidden`).';
const PLACE_422 =
  '`validation_error` with `field`: a missing, unknown or ambiguous place (with `suggestions`), a date that is not a day, or a registration number of the other country (REGA in Dubai, DLD in Saudi Arabia)';

@ApiTags('projects')
@ApiServiceUnavailableResponse({ description: '`service_unavailable`: the catalogue did not answer in time' })
@Controller('projects')
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsClient,
    private readonly developers: DeveloperWorkspaces,
  ) {}

  @Post()
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiOperation({
    summary: 'Create a project',
    description: `Both names and the place are required. ${DEVELOPERS_ONLY} Emits catalogue.project.created.v1.`,
  })
  @ApiCreatedResponse({ type: ProjectResponse })
  @ApiUnprocessableEntityResponse({ description: PLACE_422 })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateProjectBody): Promise<ProjectResponse> {
    return this.projects.createProject({
      ...body,
      workspace_id: await this.developers.of(principal),
      created_by: principal.accountId,
    });
  }

  @Get()
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiOperation({
    summary: "The workspace's projects",
    description: `Newest first, or by name (\`sort=name_ar\`: Arabic collation). ${DEVELOPERS_ONLY}`,
  })
  @ApiOkResponse({ type: ProjectsPageResponse })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListProjectsQuery,
  ): Promise<ProjectsPageResponse> {
    return this.projects.listProjects({
      workspace_id: await this.developers.of(principal),
      ...(query.sort ? { sort: query.sort } : {}),
      ...pageOf(query),
    });
  }

  @Get(':id')
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiOperation({ summary: 'One project of the workspace', description: DEVELOPERS_ONLY })
  @ApiOkResponse({ type: ProjectResponse })
  @ApiNotFoundResponse({ description: PROJECT_NOT_FOUND })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ProjectResponse> {
    return this.projects.getProject({ workspace_id: await this.developers.of(principal), id });
  }

  @Patch(':id')
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiOperation({
    summary: 'Edit a project',
    description: `Any subset of the fields; a new place re-checks the registration numbers. ${DEVELOPERS_ONLY}`,
  })
  @ApiOkResponse({ type: ProjectResponse })
  @ApiNotFoundResponse({ description: PROJECT_NOT_FOUND })
  @ApiUnprocessableEntityResponse({ description: PLACE_422 })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateProjectBody,
  ): Promise<ProjectResponse> {
    return this.projects.updateProject({ ...body, workspace_id: await this.developers.of(principal), id });
  }

  @Delete(':id')
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiOperation({
    summary: 'Delete a project and its units',
    description: `Listings made from its units stay, as ordinary listings. ${DEVELOPERS_ONLY}`,
  })
  @ApiOkResponse({ type: ProjectDeletedResponse })
  @ApiNotFoundResponse({ description: PROJECT_NOT_FOUND })
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ProjectDeletedResponse> {
    return this.projects.deleteProject({ workspace_id: await this.developers.of(principal), id });
  }
}
