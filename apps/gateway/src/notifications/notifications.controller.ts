import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  NOTIFICATION_INBOX_LIST_PATTERN,
  NOTIFICATION_INBOX_READ_PATTERN,
  NOTIFICATION_PREFERENCES_GET_PATTERN,
  NOTIFICATION_PREFERENCES_SET_PATTERN,
} from '@app/contracts';
import type { InboxPage, InboxReadResponse, NotificationPreferences, Principal } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import {
  InboxPageDto,
  InboxQueryDto,
  MarkReadDto,
  MarkReadResultDto,
  PreferencesDto,
  UpdatePreferencesDto,
} from './notifications.dto';

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
  @ApiOkResponse({ type: InboxPageDto })
  list(@CurrentPrincipal() principal: Principal, @Query() query: InboxQueryDto): Promise<InboxPage> {
    return this.rpc.send(NOTIFICATION_INBOX_LIST_PATTERN, {
      account_id: principal.accountId,
      ...(query.unread !== undefined ? { unread: query.unread } : {}),
      limit: query.limit ?? 20,
      offset: query.offset ?? 0,
    });
  }

  @Post('notifications/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark notifications read (all of them when no ids are sent)' })
  @ApiOkResponse({ type: MarkReadResultDto })
  read(@CurrentPrincipal() principal: Principal, @Body() body: MarkReadDto): Promise<InboxReadResponse> {
    return this.rpc.send(NOTIFICATION_INBOX_READ_PATTERN, {
      account_id: principal.accountId,
      ...(body.ids ? { ids: body.ids } : {}),
    });
  }

  @Get('notification-preferences')
  @ApiOperation({ summary: 'Which channels may reach you (every channel is on until you turn it off)' })
  @ApiOkResponse({ type: PreferencesDto })
  preferences(@CurrentPrincipal() principal: Principal): Promise<NotificationPreferences> {
    return this.rpc.send(NOTIFICATION_PREFERENCES_GET_PATTERN, { account_id: principal.accountId });
  }

  @Put('notification-preferences')
  @ApiOperation({ summary: 'Turn channels on or off; channels not sent keep their setting' })
  @ApiOkResponse({ type: PreferencesDto })
  setPreferences(
    @CurrentPrincipal() principal: Principal,
    @Body() body: UpdatePreferencesDto,
  ): Promise<NotificationPreferences> {
    return this.rpc.send(NOTIFICATION_PREFERENCES_SET_PATTERN, { ...body, account_id: principal.accountId });
  }
}
