import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import {
  CreateProjectBody,
  ListProjectsQuery,
  ProjectDeletedResponse,
  ProjectResponse,
  ProjectsPageResponse,
  UpdateProjectBody,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { ProjectsService } from './projects.service';
import { ApiRoute } from '../openapi/api-route.decorator';

export const PROJECT_NOT_FOUND = '`project_not_found`: no such project in your workspace';
export const DEVELOPERS_ONLY = 'Developer workspaces only (a broker workspace: 403 `forbidden`).';
const PLACE_422 =
  '`validation_error` with `field`: a missing, unknown or ambiguous place (with `suggestions`), a date that is not a day, or a registration number of the other country (REGA in Dubai, DLD in Saudi Arabia)';

@ApiTags('projects')
@ApiServiceUnavailableResponse({ description: '`service_unavailable`: the catalogue did not answer in time' })
@Controller('projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Post()
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute('Create a project', {
    description: `Both names and the place are required. ${DEVELOPERS_ONLY} Emits catalogue.project.created.v1.`,
    201: ProjectResponse,
    422: PLACE_422,
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateProjectBody) {
    return this.projects.create(principal, body);
  }

  @Get()
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute("The workspace's projects", {
    description: `Newest first, or by name (\`sort=name_ar\`: Arabic collation). ${DEVELOPERS_ONLY}`,
    200: ProjectsPageResponse,
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListProjectsQuery) {
    return this.projects.list(principal, query);
  }

  @Get(':id')
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute('One project of the workspace', {
    description: DEVELOPERS_ONLY,
    200: ProjectResponse,
    404: PROJECT_NOT_FOUND,
  })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.projects.get(principal, id);
  }

  @Patch(':id')
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute('Edit a project', {
    description: `Any subset of the fields; a new place re-checks the registration numbers. ${DEVELOPERS_ONLY}`,
    200: ProjectResponse,
    404: PROJECT_NOT_FOUND,
    422: PLACE_422,
  })
  update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: UpdateProjectBody) {
    return this.projects.update(principal, id, body);
  }

  @Delete(':id')
  @Authenticated(['user', 'api_key'], 'projects:manage')
  @ApiRoute('Delete a project and its units', {
    description: `Listings made from its units stay, as ordinary listings. ${DEVELOPERS_ONLY}`,
    200: ProjectDeletedResponse,
    404: PROJECT_NOT_FOUND,
  })
  delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.projects.delete(principal, id);
  }
}
