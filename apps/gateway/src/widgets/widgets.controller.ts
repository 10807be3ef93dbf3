import type { IncomingMessage } from 'node:http';
import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { isUUID } from 'class-validator';
import { CreateVisitorSessionBody, PublicWidgetResponse, SessionCreatedResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { Public } from '../identity/access/access.decorators';
import { PublicRateLimited } from '../fair-use/public-rate-limit.guard';
import { VisitorAccessService } from './visitor-access.service';
import { VisitorRateLimited } from './visitor-rate-limit';
import { WidgetsClient } from './widgets.client';

const NO_WIDGET = '`widget_not_found`: unknown, or switched off';

/** What a website's visitors reach before they have a token: the widget and a new chat. */
@ApiTags('widget (visitors)')
@Public()
@Controller('widgets')
export class WidgetsController {
  constructor(
    private readonly widgets: WidgetsClient,
    private readonly access: VisitorAccessService,
  ) {}

  @Get(':widget_id')
  @ApiOperation({ summary: 'A widget as its chat page shows it', description: 'Public; no allowed origins shown.' })
  @ApiOkResponse({ type: PublicWidgetResponse })
  @ApiNotFoundResponse({ description: NO_WIDGET })
  get(@Param('widget_id') widgetId: string): Promise<PublicWidgetResponse> {
    return this.widgets.publicWidget(widgetIdOf(widgetId));
  }

  @Post(':widget_id/sessions')
  @HttpCode(201)
  // Both limits: the fair-use guard (the one below, so it runs first) sets the RateLimit fields and documents the 429.
  @VisitorRateLimited()
  @PublicRateLimited()
  @ApiOperation({
    summary: 'Start a chat',
    description:
      'The embedding page’s origin must be one of the widget’s `allowed_origins`: the request’s `Origin` when it is ' +
      'not the gateway’s own, else `origin` in the body (the gateway-served iframe passes its parent’s). Answers the ' +
      'session and a visitor token (24 h) for the session’s calls. The workspace’s team is notified (in-app, digest).',
  })
  @ApiCreatedResponse({ type: SessionCreatedResponse })
  @ApiNotFoundResponse({ description: NO_WIDGET })
  @ApiForbiddenResponse({ description: '`origin_not_allowed`: missing origin, or not among the allowed ones' })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field`' })
  async createSession(
    @Param('widget_id') widgetId: string,
    @Body() body: CreateVisitorSessionBody,
    @Req() request: FastifyRequest,
  ): Promise<SessionCreatedResponse> {
    const raw: IncomingMessage = request.raw;
    const visitorLanguage = this.access.browserLanguage(raw);
    const { session } = await this.widgets.createSession({
      widget_id: widgetIdOf(widgetId),
      origin: this.access.embeddingOrigin(raw, body.origin),
      ...(body.language ? { language: body.language } : {}),
      ...(visitorLanguage ? { visitor_language: visitorLanguage } : {}),
    });
    return { session, token: await this.access.sign(session.widget_id, session.id) };
  }
}

function widgetIdOf(id: string): string {
  if (!isUUID(id)) throw new AppError('widget_not_found', 'There is no such widget, or it is off.');
  return id;
}
