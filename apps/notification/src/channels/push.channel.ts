import { Injectable } from '@nestjs/common';
import type WebPush from 'web-push';
import type { Recipient } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { notificationConfig } from '../config/notification.env';
import type { DeliveryRow } from '../deliveries/deliveries.repository';
import { PushSubscriptionsRepository } from '../push/push-subscriptions.repository';
import { Channel, PermanentFailure } from './channel';

/**
 * Web push (web-push, VAPID) to every browser the user subscribed; the payload is encrypted
 * for that browser. A subscription the push service says is gone (404, 410) is dropped.
 */
@Injectable()
export class PushChannel extends Channel {
  readonly name = 'push' as const;

  constructor(
    private readonly subscriptions: PushSubscriptionsRepository,
    @InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>,
  ) {
    super();
  }

  get publicKey(): string | null {
    return this.config.VAPID_PUBLIC_KEY && this.config.VAPID_PRIVATE_KEY ? this.config.VAPID_PUBLIC_KEY : null;
  }

  async addressesOf(recipient: Recipient): Promise<string[]> {
    if (!this.publicKey) return [];
    return (await this.subscriptions.ofAccount(recipient.account_id)).map((subscription) => subscription.endpoint);
  }

  async send(delivery: DeliveryRow): Promise<void> {
    const subscription = await this.subscriptions.byEndpoint(delivery.address);
    if (!subscription) throw new PermanentFailure('The browser unsubscribed');
    const payload = JSON.stringify({
      title: delivery.message.subject,
      body: delivery.message.summary,
      lang: delivery.language,
      dir: delivery.language === 'ar' ? 'rtl' : 'ltr',
    });
    // web-push encrypts and signs; the request itself goes through fetch, like every other channel.
    // Required at the first push, not at start: with its crypto dependencies (asn1.js, bn.js,
    // jws) it is resident memory an idle process without push subscribers does not need.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const webPush = require('web-push') as typeof WebPush;
    const request = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        TTL: 86_400,
        vapidDetails: {
          subject: this.config.VAPID_SUBJECT,
          publicKey: this.config.VAPID_PUBLIC_KEY!,
          privateKey: this.config.VAPID_PRIVATE_KEY!,
        },
      },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? undefined,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      await this.subscriptions.deleteEndpoint(subscription.endpoint);
      throw new PermanentFailure(`The push subscription is gone (${response.status})`);
    }
    if (!response.ok) throw new Error(`The push service answered ${response.status}`);
  }
}
