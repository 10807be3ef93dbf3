import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  InboxListRequest,
  InboxReadRequest,
  NOTIFICATION_INBOX_LIST_PATTERN,
  NOTIFICATION_INBOX_READ_PATTERN,
  NOTIFICATION_PREFERENCES_GET_PATTERN,
  NOTIFICATION_PREFERENCES_SET_PATTERN,
  PreferencesGetRequest,
  PreferencesSetRequest,
} from '@app/contracts';
import type { InboxPage, InboxReadResponse, NotificationPreferences } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { InboxRepository } from './inbox/inbox.repository';
import { PreferencesRepository } from './preferences/preferences.repository';

/** The notification message handlers: a user's inbox and channel preferences. */
@Controller()
export class NotificationController {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly preferences: PreferencesRepository,
  ) {}

  @MessagePattern(NOTIFICATION_INBOX_LIST_PATTERN)
  list(@MessageData() request: InboxListRequest): Promise<InboxPage> {
    return this.inbox.page(request);
  }

  @MessagePattern(NOTIFICATION_INBOX_READ_PATTERN)
  read(@MessageData() request: InboxReadRequest): Promise<InboxReadResponse> {
    return this.inbox.markRead(request);
  }

  @MessagePattern(NOTIFICATION_PREFERENCES_GET_PATTERN)
  async getPreferences(@MessageData() request: PreferencesGetRequest): Promise<NotificationPreferences> {
    return (await this.preferences.of([request.account_id])).get(request.account_id)!;
  }

  @MessagePattern(NOTIFICATION_PREFERENCES_SET_PATTERN)
  setPreferences(@MessageData() request: PreferencesSetRequest): Promise<NotificationPreferences> {
    return this.preferences.set(request);
  }
}
