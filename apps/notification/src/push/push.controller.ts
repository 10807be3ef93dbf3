import { Controller } from '@nestjs/common';
import { PreferencesGetRequest, PushSubscribeRequest, PushUnsubscribeRequest, PushRpc } from '@app/contracts';
import type { PushSubscriptionResponse, PushSubscriptionsResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { MessageData, RpcHandler } from '@app/messaging';
import { PushChannel } from '../channels/push.channel';
import { PushSubscriptionsRepository } from './push-subscriptions.repository';
import type { PushSubscriptionRow } from './push-subscriptions.repository';

/** A user's browsers subscribed to web push. */
@Controller()
export class PushController {
  constructor(
    private readonly subscriptions: PushSubscriptionsRepository,
    private readonly push: PushChannel,
  ) {}

  @RpcHandler(PushRpc.subscribe)
  async subscribe(@MessageData() request: PushSubscribeRequest): Promise<PushSubscriptionResponse> {
    if (!this.push.publicKey) throw new AppError('service_unavailable', 'Web push is not set up on this platform.');
    return toResponse(
      await this.subscriptions.upsert({
        account_id: request.account_id,
        endpoint: request.endpoint,
        p256dh: request.keys.p256dh,
        auth: request.keys.auth,
      }),
    );
  }

  @RpcHandler(PushRpc.list)
  async list(@MessageData() request: PreferencesGetRequest): Promise<PushSubscriptionsResponse> {
    const rows = await this.subscriptions.ofAccount(request.account_id);
    return { object: 'list', vapid_public_key: this.push.publicKey, data: rows.map(toResponse) };
  }

  @RpcHandler(PushRpc.unsubscribe)
  async unsubscribe(@MessageData() request: PushUnsubscribeRequest): Promise<{ deleted: true }> {
    if (!(await this.subscriptions.delete(request.account_id, request.id))) {
      throw new AppError('not_found', 'There is no such push subscription of yours.');
    }
    return { deleted: true };
  }
}

function toResponse(row: PushSubscriptionRow): PushSubscriptionResponse {
  return {
    object: 'push_subscription',
    id: row.id,
    endpoint: row.endpoint,
    created_at: new Date(row.created_at).toISOString(),
  };
}
