import { Body, Controller, Get, Param, Put, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { UpdateWidgetBody, WidgetConfigWithSnippetResponse } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { gatewayConfig } from '../config/gateway.env';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { DeveloperWorkspaceGuard } from '../identity/access/developer-workspace.guard';
import { publicOriginOf } from '../oauth/public-origin';
import { WidgetConfigService } from './widget-config.service';
import { ApiRoute, INVALID } from '../openapi/api-route.decorator';

const FORBIDDEN =
  '`forbidden`: needs widget:configure (owner, admin) in a developer workspace; broker workspaces and agents are refused';

@ApiTags('widget')
@Authenticated(['user', 'api_key'], 'widget:configure')
@UseGuards(DeveloperWorkspaceGuard)
@Controller('projects/:id/widget')
export class WidgetConfigController {
  constructor(
    private readonly widgets: WidgetConfigService,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {}

  @Get()
  @ApiRoute('The project’s chat widget', {
    description: `The first read makes the widget with its defaults, switched off. ${FORBIDDEN}.`,
    200: WidgetConfigWithSnippetResponse,
    404: '`project_not_found`: no such project in your workspace',
  })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Req() request: FastifyRequest) {
    return this.widgets.get(principal, id, this.originOf(request));
  }

  @Put()
  @ApiRoute('Configure the project’s chat widget', {
    description:
      'Fields left out keep their value. `allowed_origins` are exact origins (`https://example.com`): only pages ' +
      'there can open chats and frame the widget. `working_hours` (IANA zone and weekly ranges, or null for always) ' +
      `decide \`open_now\`. ${FORBIDDEN}.`,
    200: WidgetConfigWithSnippetResponse,
    404: '`project_not_found`: no such project in your workspace',
    422: INVALID,
  })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateWidgetBody,
    @Req() request: FastifyRequest,
  ) {
    return this.widgets.update(principal, id, body, this.originOf(request));
  }

  private originOf(request: FastifyRequest): string {
    return publicOriginOf(request.raw, this.config.PUBLIC_URL, this.config.TRUST_PROXY_HOPS > 0);
  }
}
