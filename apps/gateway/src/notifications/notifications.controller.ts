import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
import { ApiRoute, INVALID } from '../openapi/api-route.decorator';

@ApiTags('notifications')
@Authenticated(['user'])
@Controller('me')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('notifications')
  @ApiRoute('Your in-app notifications, newest first, with the unread count', {
    description: 'New inquiries, replies, viewing requests and their answers, surveys, low balances (spec 6).',
    200: InboxPage,
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: InboxQuery) {
    return this.notifications.inbox(principal, query);
  }

  @Post('notifications/read')
  @HttpCode(200)
  @ApiRoute('Mark notifications read (all of them when no ids are sent)', { 200: InboxReadResponse })
  read(@CurrentPrincipal() principal: Principal, @Body() body: MarkReadBody) {
    return this.notifications.markRead(principal, body);
  }

  @Get('push-subscriptions')
  @ApiRoute('Your browsers subscribed to web push, and the VAPID key to subscribe another', {
    200: PushSubscriptionsResponse,
  })
  pushSubscriptions(@CurrentPrincipal() principal: Principal) {
    return this.notifications.pushSubscriptions(principal);
  }

  @Post('push-subscriptions')
  @ApiRoute('Subscribe this browser to web push', {
    description: 'Send `PushSubscription.toJSON()`. Subscribing an endpoint again updates it.',
    201: PushSubscriptionResponse,
    422: INVALID,
    503: '`service_unavailable`: web push is not set up on this platform',
  })
  subscribe(@CurrentPrincipal() principal: Principal, @Body() body: PushSubscribeBody) {
    return this.notifications.subscribe(principal, body);
  }

  @Delete('push-subscriptions/:id')
  @HttpCode(204)
  @ApiRoute('Unsubscribe a browser', { 204: 'Removed', 404: '`not_found`: not one of your subscriptions' })
  unsubscribe(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.notifications.unsubscribe(principal, id);
  }

  @Get('notification-preferences')
  @ApiRoute('Which channels may reach you (every channel is on until you turn it off)', {
    200: NotificationPreferences,
  })
  preferences(@CurrentPrincipal() principal: Principal) {
    return this.notifications.preferences(principal);
  }

  @Put('notification-preferences')
  @ApiRoute('Turn channels on or off; channels not sent keep their setting', { 200: NotificationPreferences })
  setPreferences(@CurrentPrincipal() principal: Principal, @Body() body: UpdatePreferencesBody) {
    return this.notifications.setPreferences(principal, body);
  }
}
