import { Controller, Get, Param } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { PublicProjectResponse } from '@app/contracts';
import { PUBLISHED_ITEM } from '../http/conditional-requests/cache-policy';
import { ConditionalGet } from '../http/conditional-requests/conditional-get.decorator';
import { Public } from '../identity/access/access.decorators';
import { PublicRateLimited } from '../fair-use/public-rate-limit.guard';
import { ProjectsService } from './projects.service';
import { ApiRoute } from '../openapi/api-route.decorator';

@ApiTags('projects')
@ApiServiceUnavailableResponse({ description: '`service_unavailable`: the catalogue did not answer in time' })
@Controller('public/projects')
export class PublicProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get(':id')
  @ConditionalGet(PUBLISHED_ITEM)
  @Public()
  @PublicRateLimited()
  @ApiRoute('A project page, for anyone', {
    description:
      "Public once at least one listing made from its units is published (moderated); with every unit's " +
      'status, price, area and bedrooms, live. No workspace, escrow account or contact details.',
    200: PublicProjectResponse,
    404: '`project_not_found`: no such project, or none of its listings is published',
  })
  get(@Param('id') id: string) {
    return this.projects.publicPage(id);
  }
}
