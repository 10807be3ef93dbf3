import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { isUUID } from 'class-validator';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import {
  InboxPage,
  InboxQuery,
  InboxReadResponse,
  MarkReadBody,
  NotificationPreferences,
  PushSubscribeBody,
  PushSubscriptionResponse,
  PushSubscriptionsResponse,
  UpdatePreferencesBody,
  pageOf,
  InboxRpc,
  PushRpc,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';

@ApiTags('notifications')
@Authenticated(['user'])
@Controller('me')
export class NotificationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('notifications')
  @ApiOperation({
    summary: 'Your in-app notifications, newest first, with the unread count',
    description: 'New inquiries, replies, viewing requests and their answers, surveys, low balances (spec 6).',
  })
  @ApiOkResponse({ type: InboxPage })
  list(@CurrentPrincipal() principal: Principal, @Query() query: InboxQuery): Promise<InboxPage> {
    return this.rpc.call(InboxRpc.list, {
      account_id: principal.accountId,
      ...(query.unread !== undefined ? { unread: query.unread } : {}),
      ...pageOf(query),
    });
  }

  @Post('notifications/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark notifications read (all of them when no ids are sent)' })
  @ApiOkResponse({ type: InboxReadResponse })
  read(@CurrentPrincipal() principal: Principal, @Body() body: MarkReadBody): Promise<InboxReadResponse> {
    return this.rpc.call(InboxRpc.markRead, {
      account_id: principal.accountId,
      ...(body.ids ? { ids: body.ids } : {}),
    });
  }

  @Get('push-subscriptions')
  @ApiOperation({ summary: 'Your browsers subscribed to web push, and the VAPID key to subscribe another' })
  @ApiOkResponse({ type: PushSubscriptionsResponse })
  pushSubscriptions(@CurrentPrincipal() principal: Principal): Promise<PushSubscriptionsResponse> {
    return this.rpc.call(PushRpc.list, { account_id: principal.accountId });
  }

  @Post('push-subscriptions')
  @ApiOperation({
    summary: 'Subscribe this browser to web push',
    description: 'Send `PushSubscription.toJSON()`. Subscribing an endpoint again updates it.',
  })
  @ApiCreatedResponse({ type: PushSubscriptionResponse })
  @ApiUnprocessableEntityResponse({ description: '`validation_error` with `field`' })
  @ApiServiceUnavailableResponse({ description: '`service_unavailable`: web push is not set up on this platform' })
  subscribe(
    @CurrentPrincipal() principal: Principal,
    @Body() body: PushSubscribeBody,
  ): Promise<PushSubscriptionResponse> {
    return this.rpc.call(PushRpc.subscribe, { ...body, account_id: principal.accountId });
  }

  @Delete('push-subscriptions/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Unsubscribe a browser' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFoundResponse({ description: '`not_found`: not one of your subscriptions' })
  async unsubscribe(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    if (!isUUID(id)) throw new AppError('not_found', 'There is no such push subscription of yours.');
    await this.rpc.call(PushRpc.unsubscribe, { account_id: principal.accountId, id });
  }

  @Get('notification-preferences')
  @ApiOperation({ summary: 'Which channels may reach you (every channel is on until you turn it off)' })
  @ApiOkResponse({ type: NotificationPreferences })
  preferences(@CurrentPrincipal() principal: Principal): Promise<NotificationPreferences> {
    return this.rpc.call(InboxRpc.preferences, { account_id: principal.accountId });
  }

  @Put('notification-preferences')
  @ApiOperation({ summary: 'Turn channels on or off; channels not sent keep their setting' })
  @ApiOkResponse({ type: NotificationPreferences })
  setPreferences(
    @CurrentPrincipal() principal: Principal,
    @Body() body: UpdatePreferencesBody,
  ): Promise<NotificationPreferences> {
    return this.rpc.call(InboxRpc.setPreferences, { ...body, account_id: principal.accountId });
  }
}
