import { Injectable } from '@nestjs/common';
import type { Recipient } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { notificationConfig } from '../config/notification.env';
import type { DeliveryRow } from '../deliveries/deliveries.repository';
import { Channel } from './channel';

/**
 * WhatsApp through the Cloud API: a template message (business-initiated messages must use an
 * approved template) with the notification's summary as its one body parameter, in the
 * recipient's language. Reaches members with a phone on file when the platform has it set up.
 */
@Injectable()
export class WhatsAppChannel extends Channel {
  readonly name = 'whatsapp' as const;

  constructor(@InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>) {
    super();
  }

  private get configured(): boolean {
    return Boolean(this.config.WHATSAPP_API_URL && this.config.WHATSAPP_TOKEN && this.config.WHATSAPP_PHONE_NUMBER_ID);
  }

  /** The Cloud API takes the number in international form without the plus. */
  addressesOf(recipient: Recipient): Promise<string[]> {
    return Promise.resolve(this.configured && recipient.phone ? [recipient.phone.replace(/^\+/, '')] : []);
  }

  async send(delivery: DeliveryRow): Promise<void> {
    const url = `${this.config.WHATSAPP_API_URL!.replace(/\/$/, '')}/${this.config.WHATSAPP_PHONE_NUMBER_ID}/messages`;
    const response = await fetch(url, {
      method: 'POST',
      signal: AbortSignal.timeout(10_000),
      headers: { authorization: `Bearer ${this.config.WHATSAPP_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: delivery.address,
        type: 'template',
        template: {
          name: this.config.WHATSAPP_TEMPLATE,
          language: { code: delivery.language },
          components: [{ type: 'body', parameters: [{ type: 'text', text: delivery.message.summary }] }],
        },
      }),
    });
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 300);
      throw new Error(`WhatsApp API answered ${response.status}: ${detail}`);
    }
  }
}
