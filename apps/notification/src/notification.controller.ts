import { Controller } from '@nestjs/common';
import {
  InboxListRequest,
  InboxReadRequest,
  PreferencesGetRequest,
  PreferencesSetRequest,
  InboxRpc,
} from '@app/contracts';
import type { InboxPage, InboxReadResponse, NotificationPreferences } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { InboxRepository } from './inbox/inbox.repository';
import { PreferencesRepository } from './preferences/preferences.repository';

/** The notification message handlers: a user's inbox and channel preferences. */
@Controller()
export class NotificationController {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly preferences: PreferencesRepository,
  ) {}

  @RpcHandler(InboxRpc.list)
  list(@MessageData() request: InboxListRequest): Promise<InboxPage> {
    return this.inbox.page(request);
  }

  @RpcHandler(InboxRpc.markRead)
  read(@MessageData() request: InboxReadRequest): Promise<InboxReadResponse> {
    return this.inbox.markRead(request);
  }

  @RpcHandler(InboxRpc.preferences)
  async getPreferences(@MessageData() request: PreferencesGetRequest): Promise<NotificationPreferences> {
    return (await this.preferences.of([request.account_id])).get(request.account_id)!;
  }

  @RpcHandler(InboxRpc.setPreferences)
  setPreferences(@MessageData() request: PreferencesSetRequest): Promise<NotificationPreferences> {
    return this.preferences.set(request);
  }
}
