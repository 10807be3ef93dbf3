import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ChatTextBody,
  MessageEnvelopeResponse,
  SessionEnvelopeResponse,
  VisitorContactBody,
  VisitorThreadResponse,
} from '@app/contracts';
import { bearerTokenFrom } from '../identity/auth/bearer-token.decorator';
import { Public } from '../identity/access/access.decorators';
import { VisitorRateLimited } from './visitor-rate-limit';
import { VisitorSessionsService } from './visitor-sessions.service';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ApiRoute, INVALID } from '../openapi/api-route.decorator';

const NOT_THIS_SESSION = '`session_not_found`: the token is for another session or widget';
const TOKEN = '`unauthorized` (no token) or `invalid_token` (not a valid visitor token; account tokens included)';

/** A visitor's chat, with the token from POST /v1/widgets/{widget_id}/sessions (no account). */
@ApiTags('widget (visitors)')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: TOKEN })
@ApiNotFoundResponse({ description: NOT_THIS_SESSION })
@Public()
@Controller('widget-sessions')
export class VisitorSessionsController {
  constructor(private readonly visitors: VisitorSessionsService) {}

  @Get(':session_id/messages')
  @ApiRoute('The chat so far, oldest first', { 200: VisitorThreadResponse })
  messages(@Param('session_id') sessionId: string, @Headers('authorization') authorization: string | undefined) {
    return this.visitors.thread(sessionId, bearerTokenFrom(authorization));
  }

  @Post(':session_id/messages')
  @Idempotent()
  @HttpCode(201)
  @VisitorRateLimited()
  @ApiRoute('Send a message', {
    description:
      'Stored at once; the reply (the assistant’s, with citations, or a team member’s) arrives on the event stream ' +
      'and in GET …/messages. Asking for a person (“talk to a person”, “أريد التحدث مع موظف”) escalates the chat: the ' +
      'assistant stops replying and a team member is assigned.',
    201: MessageEnvelopeResponse,
    409: '`invalid_state`: the chat is closed',
    422: '`validation_error`: text of 1 to 2000 characters',
  })
  send(
    @Param('session_id') sessionId: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: ChatTextBody,
  ) {
    return this.visitors.send(sessionId, bearerTokenFrom(authorization), body);
  }

  @Get(':session_id/events')
  @ApiRoute('Live updates (Server-Sent Events)', {
    description:
      '`event: session` first (the session now), then `event: message` (a Message) for each new message and ' +
      '`event: session` when escalation or a take-over changes it; `: heartbeat` comments every 15 s. The token may ' +
      'be sent as `?token=` (EventSource cannot set headers). Works whichever gateway replica serves it.',
    200: { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
  })
  @ApiQuery({ name: 'token', required: false, description: 'The visitor token, when no Authorization header' })
  @ApiProduces('text/event-stream')
  events(
    @Param('session_id') sessionId: string,
    @Headers('authorization') authorization: string | undefined,
    @Query('token') token: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.visitors.follow(
      sessionId,
      bearerTokenFrom(authorization) ?? stringOrUndefined(token),
      request.raw,
      reply,
    );
  }

  @Post(':session_id/contact')
  @HttpCode(200)
  @ApiRoute('Leave a name, phone or e-mail for the team', {
    description: 'Phones are stored as E.164.',
    200: SessionEnvelopeResponse,
    409: '`invalid_state`: the chat is closed',
    422: INVALID,
  })
  contact(
    @Param('session_id') sessionId: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: VisitorContactBody,
  ) {
    return this.visitors.contact(sessionId, bearerTokenFrom(authorization), body);
  }

  @Post(':session_id/escalate')
  @HttpCode(200)
  @ApiRoute('Ask for a person', {
    description: 'The assistant stops replying (an answer it is still writing is dropped); a team member is assigned.',
    200: SessionEnvelopeResponse,
    409: '`invalid_state`: the chat is closed',
  })
  escalate(@Param('session_id') sessionId: string, @Headers('authorization') authorization: string | undefined) {
    return this.visitors.escalate(sessionId, bearerTokenFrom(authorization));
  }
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
