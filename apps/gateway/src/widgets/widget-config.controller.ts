import { Body, Controller, Get, Param, Put, Req } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { isUUID } from 'class-validator';
import type { Principal, WidgetConfigResponse } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { gatewayConfig } from '../config/gateway.env';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { publicOriginOf } from '../oauth/public-origin';
import { DeveloperWorkspacesRepository } from './developer-workspaces.repository';
import { UpdateWidgetDto, WidgetConfigDto } from './widget.dto';
import { WidgetsClient } from './widgets.client';

const FORBIDDEN =
  '`forbidden`: needs widget:configure (owner, admin) in a developer workspace; broker workspaces and agents are refused';

@ApiTags('widget')
@Authenticated(['user', 'api_key'], 'widget:configure')
@Controller('projects/:id/widget')
export class WidgetConfigController {
  constructor(
    private readonly widgets: WidgetsClient,
    private readonly developers: DeveloperWorkspacesRepository,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The project’s chat widget',
    description: `The first read makes the widget with its defaults, switched off. ${FORBIDDEN}.`,
  })
  @ApiOkResponse({ type: WidgetConfigDto })
  @ApiNotFoundResponse({ description: '`project_not_found`: no such project in your workspace' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<WidgetConfigDto> {
    const workspaceId = await this.developers.workspaceOf(principal);
    const widget = await this.widgets.config({
      workspace_id: workspaceId,
      account_id: principal.accountId,
      project_id: projectId(id),
    });
    return this.withSnippet(widget, request);
  }

  @Put()
  @ApiOperation({
    summary: 'Configure the project’s chat widget',
    description:
      'Fields left out keep their value. `allowed_origins` are exact origins (`https://example.com`): only pages ' +
      'there can open chats and frame the widget. `working_hours` (IANA zone and weekly ranges, or null for always) ' +
      `decide \`open_now\`. ${FORBIDDEN}.`,
  })
  @ApiOkResponse({ type: WidgetConfigDto })
  @ApiNotFoundResponse({ description: '`project_not_found`: no such project in your workspace' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field`' })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateWidgetDto,
    @Req() request: FastifyRequest,
  ): Promise<WidgetConfigDto> {
    const workspaceId = await this.developers.workspaceOf(principal);
    const widget = await this.widgets.updateConfig({
      workspace_id: workspaceId,
      account_id: principal.accountId,
      project_id: projectId(id),
      ...body,
    });
    return this.withSnippet(widget, request);
  }

  private withSnippet(widget: WidgetConfigResponse, request: FastifyRequest): WidgetConfigDto {
    const origin = publicOriginOf(request.raw, this.config.PUBLIC_URL, this.config.TRUST_PROXY_HOPS > 0);
    return {
      ...widget,
      embed_snippet: `<script src="${origin}/widget.js" data-widget-id="${widget.id}" async></script>`,
    };
  }
}

/** A path id that is not a uuid names no project of yours. */
function projectId(id: string): string {
  if (!isUUID(id)) throw new AppError('project_not_found', 'There is no such project in your workspace.');
  return id;
}
