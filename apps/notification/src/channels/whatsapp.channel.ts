import { Injectable } from '@nestjs/common';
import type { Recipient } from '@app/contracts';
import type { DeliveryRow } from '../deliveries/deliveries.repository';
import { WhatsAppConnections } from '../whatsapp/whatsapp-connections.service';
import { Channel, PermanentFailure } from './channel';

/**
 * WhatsApp through the Cloud API: a template message (business-initiated messages must use an
 * approved template) with the notification's summary as its one body parameter, in the
 * recipient's language, from the workspace's own number or the platform's (WhatsAppConnections).
 * Reaches members with a phone on file.
 */
@Injectable()
export class WhatsAppChannel extends Channel {
  readonly name = 'whatsapp' as const;

  constructor(private readonly connections: WhatsAppConnections) {
    super();
  }

  /** The Cloud API takes the number in international form without the plus. */
  async addressesOf(recipient: Recipient, workspaceId: string | null): Promise<string[]> {
    if (!recipient.phone || !(await this.connections.senderFor(workspaceId))) return [];
    return [recipient.phone.replace(/^\+/, '')];
  }

  /** The sender is resolved again now: a workspace that disconnected since planning sends nothing more. */
  async send(delivery: DeliveryRow): Promise<void> {
    const sender = await this.connections.senderFor(delivery.workspace_id);
    if (!sender) throw new PermanentFailure('WhatsApp is no longer connected for this workspace');
    await this.connections.api.sendTemplate(sender, delivery.address, delivery.language, delivery.message.summary);
  }
}
