import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CreateVisitorSessionBody, PublicWidgetResponse, SessionCreatedResponse } from '@app/contracts';
import { Public } from '../identity/access/access.decorators';
import { PublicRateLimited } from '../fair-use/public-rate-limit.guard';
import { VisitorRateLimited } from './visitor-rate-limit';
import { VisitorSessionsService } from './visitor-sessions.service';
import { ApiRoute, INVALID } from '../openapi/api-route.decorator';

const NO_WIDGET = '`widget_not_found`: unknown, or switched off';

/** What a website's visitors reach before they have a token: the widget and a new chat. */
@ApiTags('widget (visitors)')
@Public()
@Controller('widgets')
export class WidgetsController {
  constructor(private readonly visitors: VisitorSessionsService) {}

  @Get(':widget_id')
  @ApiRoute('A widget as its chat page shows it', {
    description: 'Public; no allowed origins shown.',
    200: PublicWidgetResponse,
    404: NO_WIDGET,
  })
  get(@Param('widget_id') widgetId: string) {
    return this.visitors.publicWidget(widgetId);
  }

  @Post(':widget_id/sessions')
  @HttpCode(201)
  // Both limits: the fair-use guard (the one below, so it runs first) sets the RateLimit fields and documents the 429.
  @VisitorRateLimited()
  @PublicRateLimited()
  @ApiRoute('Start a chat', {
    description:
      'The embedding page’s origin must be one of the widget’s `allowed_origins`: the request’s `Origin` when it is ' +
      'not the gateway’s own, else `origin` in the body (the gateway-served iframe passes its parent’s). Answers the ' +
      'session and a visitor token (24 h) for the session’s calls. The workspace’s team is notified (in-app, digest).',
    201: SessionCreatedResponse,
    403: '`origin_not_allowed`: missing origin, or not among the allowed ones',
    404: NO_WIDGET,
    422: INVALID,
  })
  createSession(
    @Param('widget_id') widgetId: string,
    @Body() body: CreateVisitorSessionBody,
    @Req() request: FastifyRequest,
  ) {
    return this.visitors.start(widgetId, body, request.raw);
  }
}
