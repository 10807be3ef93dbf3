import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AssignConversationBody,
  ChatTextBody,
  ConversationResponse,
  ConversationThreadResponse,
  ConversationsPageResponse,
  LeadResponse,
  ListConversationsQuery,
  MessageEnvelopeResponse,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { DeveloperWorkspaceGuard } from '../identity/access/developer-workspace.guard';
import { pathId } from '../leads/lead-parties';
import { ConversationsService } from './conversations.service';
import { ApiRoute, INVALID } from '../openapi/api-route.decorator';

const NOT_YOURS = '`not_found`: no such conversation in your workspace';
const CLOSED = '`invalid_state`: the conversation is closed';

/** The team's inbox of website chats (developer workspaces; broker workspaces get 403 forbidden). */
@ApiTags('inbox')
@UseGuards(DeveloperWorkspaceGuard)
@Controller('workspace/conversations')
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get()
  @Authenticated(['user', 'api_key'], 'inbox:read')
  @ApiRoute('Website chats, latest activity first', {
    description: 'Each with its last message and unread count.',
    200: ConversationsPageResponse,
    422: INVALID,
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListConversationsQuery) {
    return this.conversations.list(principal, query);
  }

  @Get(':id')
  @Authenticated(['user', 'api_key'], 'inbox:read')
  @ApiRoute('One chat with its messages', {
    description: 'Opening it marks it read for the team.',
    200: ConversationThreadResponse,
    404: NOT_YOURS,
  })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.conversations.get(principal, pathId(id, 'conversation'));
  }

  @Post(':id/messages')
  @HttpCode(201)
  @Authenticated(['user', 'api_key'], 'inbox:reply')
  @ApiRoute('Reply to the visitor', {
    description: 'A person replying takes the chat over: the assistant stops and the chat is assigned to you.',
    201: MessageEnvelopeResponse,
    404: NOT_YOURS,
    409: CLOSED,
    422: '`validation_error`: text of 1 to 2000 characters',
  })
  reply(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ChatTextBody) {
    return this.conversations.reply(principal, pathId(id, 'conversation'), body.text);
  }

  @Post(':id/take-over')
  @HttpCode(200)
  @Authenticated(['user', 'api_key'], 'inbox:reply')
  @ApiRoute('Take the chat over', {
    description: 'handled_by becomes human and it is assigned to you.',
    200: ConversationResponse,
    404: NOT_YOURS,
    409: CLOSED,
  })
  takeOver(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.conversations.takeOver(principal, pathId(id, 'conversation'));
  }

  @Post(':id/hand-back')
  @HttpCode(200)
  @Authenticated(['user', 'api_key'], 'inbox:reply')
  @ApiRoute('Hand the chat back to the assistant', {
    description: 'The escalation is cleared.',
    200: ConversationResponse,
    404: NOT_YOURS,
    409: CLOSED,
  })
  handBack(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.conversations.handBack(principal, pathId(id, 'conversation'));
  }

  @Post(':id/assign')
  @HttpCode(200)
  @Authenticated(['user', 'api_key'], 'inbox:reply')
  @ApiRoute('Give the chat to a member of your team', {
    200: ConversationResponse,
    404: NOT_YOURS,
    422: '`validation_error`: member_id is not a member of your workspace',
  })
  assign(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: AssignConversationBody) {
    return this.conversations.assign(principal, pathId(id, 'conversation'), body.member_id);
  }

  @Post(':id/close')
  @HttpCode(200)
  @Authenticated(['user', 'api_key'], 'inbox:reply')
  @ApiRoute('Close the chat', {
    description: 'The visitor can no longer write in it.',
    200: ConversationResponse,
    404: NOT_YOURS,
    409: CLOSED,
  })
  close(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.conversations.close(principal, pathId(id, 'conversation'));
  }

  @Post(':id/promote')
  @HttpCode(200)
  @Authenticated(['user', 'api_key'], 'leads:manage')
  @ApiRoute('Make the chat a CRM lead', {
    description:
      'A lead with the visitor’s contact, the project as its property and `source: widget`, unlocked (no lead ' +
      'credit: the visitor came to your own site). Asking again answers the same lead.',
    200: LeadResponse,
    404: NOT_YOURS,
    422: '`contact_required`: the visitor left no phone or e-mail',
  })
  promote(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.conversations.promote(principal, pathId(id, 'conversation'));
  }
}
