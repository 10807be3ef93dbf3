import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { InboxRpc, PushRpc, pageOf } from '@app/contracts';
import type {
  InboxPage,
  InboxQuery,
  InboxReadResponse,
  MarkReadBody,
  NotificationPreferences,
  Principal,
  PushSubscribeBody,
  PushSubscriptionResponse,
  PushSubscriptionsResponse,
  UpdatePreferencesBody,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';

/** The caller's own inbox, push subscriptions and notification preferences, kept by the notification service. */
@Injectable()
export class NotificationsService {
  constructor(private readonly rpc: RpcClient) {}

  inbox(principal: Principal, query: InboxQuery): Promise<InboxPage> {
    return this.rpc.call(InboxRpc.list, { ...query, account_id: principal.accountId, ...pageOf(query) });
  }

  markRead(principal: Principal, body: MarkReadBody): Promise<InboxReadResponse> {
    return this.rpc.call(InboxRpc.markRead, { ...body, account_id: principal.accountId });
  }

  pushSubscriptions(principal: Principal): Promise<PushSubscriptionsResponse> {
    return this.rpc.call(PushRpc.list, { account_id: principal.accountId });
  }

  subscribe(principal: Principal, body: PushSubscribeBody): Promise<PushSubscriptionResponse> {
    return this.rpc.call(PushRpc.subscribe, { ...body, account_id: principal.accountId });
  }

  async unsubscribe(principal: Principal, id: string): Promise<void> {
    if (!isUUID(id)) throw new AppError('not_found', 'There is no such push subscription of yours.');
    await this.rpc.call(PushRpc.unsubscribe, { account_id: principal.accountId, id });
  }

  preferences(principal: Principal): Promise<NotificationPreferences> {
    return this.rpc.call(InboxRpc.preferences, { account_id: principal.accountId });
  }

  setPreferences(principal: Principal, body: UpdatePreferencesBody): Promise<NotificationPreferences> {
    return this.rpc.call(InboxRpc.setPreferences, { ...body, account_id: principal.accountId });
  }
}
