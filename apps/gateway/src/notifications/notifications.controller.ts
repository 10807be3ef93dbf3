import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
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
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@Authenticated(['user'])
@Controller('me')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('notifications')
  @ApiOperation({
    summary: 'Your in-app notifications, newest first, with the unread count',
    description: 'New inquiries, replies, viewing requests and their answers, surveys, low balances (spec 6).',
  })
  @ApiOkResponse({ type: InboxPage })
  list(@CurrentPrincipal() principal: Principal, @Query() query: InboxQuery): Promise<InboxPage> {
    return this.notifications.inbox(principal, query);
  }

  @Post('notifications/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark notifications read (all of them when no ids are sent)' })
  @ApiOkResponse({ type: InboxReadResponse })
  read(@CurrentPrincipal() principal: Principal, @Body() body: MarkReadBody): Promise<InboxReadResponse> {
    return this.notifications.markRead(principal, body);
  }

  @Get('push-subscriptions')
  @ApiOperation({ summary: 'Your browsers subscribed to web push, and the VAPID key to subscribe another' })
  @ApiOkResponse({ type: PushSubscriptionsResponse })
  pushSubscriptions(@CurrentPrincipal() principal: Principal): Promise<PushSubscriptionsResponse> {
    return this.notifications.pushSubscriptions(principal);
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
    return this.notifications.subscribe(principal, body);
  }

  @Delete('push-subscriptions/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Unsubscribe a browser' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFoundResponse({ description: '`not_found`: not one of your subscriptions' })
  unsubscribe(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.notifications.unsubscribe(principal, id);
  }

  @Get('notification-preferences')
  @ApiOperation({ summary: 'Which channels may reach you (every channel is on until you turn it off)' })
  @ApiOkResponse({ type: NotificationPreferences })
  preferences(@CurrentPrincipal() principal: Principal): Promise<NotificationPreferences> {
    return this.notifications.preferences(principal);
  }

  @Put('notification-preferences')
  @ApiOperation({ summary: 'Turn channels on or off; channels not sent keep their setting' })
  @ApiOkResponse({ type: NotificationPreferences })
  setPreferences(
    @CurrentPrincipal() principal: Principal,
    @Body() body: UpdatePreferencesBody,
  ): Promise<NotificationPreferences> {
    return this.notifications.setPreferences(principal, body);
  }
}
