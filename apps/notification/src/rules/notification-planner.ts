import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import type { EntityManager } from 'typeorm';
import type {
  BalanceLowPayload,
  LeadsEventPayload,
  ListingOwnerResponse,
  NotificationRequestPayload,
  Recipient,
  WorkspaceRole,
} from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import type { DomainEvent } from '@app/messaging';
import { Channel } from '../channels/channel';
import { notificationConfig } from '../config/notification.env';
import { DeliveriesRepository } from '../deliveries/deliveries.repository';
import { CHANNELS } from '../deliveries/channels.token';
import { DirectoryClient } from '../directory/directory.client';
import { InboxRepository } from '../inbox/inbox.repository';
import { PreferencesRepository } from '../preferences/preferences.repository';
import { renderMessage } from '../templates/messages';
import type { MessageContext } from '../templates/messages';
import { notificationsFor } from './notification-rules';
import type { Audience, NotificationIntent } from './notification-rules';

const EVERY_ROLE: WorkspaceRole[] = ['owner', 'admin', 'agent'];

/**
 * Turns one event into messages, in the event's transaction: in-app items at once, and a
 * delivery row per external channel for the worker. The consumer records the event id in
 * the same transaction, so an event is planned once however often it is delivered.
 */
@Injectable()
export class NotificationPlanner {
  private readonly channels: Map<string, Channel>;

  constructor(
    private readonly directory: DirectoryClient,
    private readonly preferences: PreferencesRepository,
    private readonly inbox: InboxRepository,
    private readonly deliveries: DeliveriesRepository,
    @InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>,
    @Inject(CHANNELS) channels: Channel[],
  ) {
    this.channels = new Map(channels.map((channel) => [channel.name, channel]));
  }

  async plan(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    for (const intent of notificationsFor(event.subject, event.payload)) await this.planIntent(event, intent, tx);
  }

  /** A notification.request.v1 that passed validation: its own words, to its own audience. */
  async planRequest(
    event: DomainEvent<unknown>,
    request: NotificationRequestPayload,
    tx: EntityManager,
  ): Promise<void> {
    const audiences: Audience[] = [
      ...(request.account_ids?.length ? [{ account_ids: request.account_ids }] : []),
      ...(request.workspace_id
        ? [{ workspace_id: request.workspace_id, roles: request.roles?.length ? request.roles : EVERY_ROLE }]
        : []),
    ];
    const announcement = {
      en: { title: request.title_en, body: request.body_en },
      ar: { title: request.title_ar, body: request.body_ar },
    };
    for (const audience of audiences)
      await this.planIntent(event, { kind: 'announcement', audience, channels: request.channels }, tx, {
        announcement,
      });
  }

  private async planIntent(
    event: DomainEvent<unknown>,
    intent: NotificationIntent,
    tx: EntityManager,
    extra: Partial<MessageContext> = {},
  ): Promise<void> {
    const payload = event.payload as Partial<LeadsEventPayload> & Partial<BalanceLowPayload>;
    const [recipients, listing] = await Promise.all([
      this.directory.recipients(intent.audience),
      payload.property_id ? this.directory.listing(payload.property_id) : Promise.resolve(null),
    ]);
    const preferences = await this.preferences.of(
      recipients.map((recipient) => recipient.account_id),
      tx,
    );
    for (const recipient of recipients) {
      const message = renderMessage(intent.kind, recipient.language, {
        ...this.contextFor(recipient, payload, listing),
        ...extra,
      });
      const wants = preferences.get(recipient.account_id)!;
      for (const channelName of intent.channels) {
        if (!wants[channelName]) continue;
        if (channelName === 'in_app') {
          await this.inbox.add(tx, {
            account_id: recipient.account_id,
            event_id: event.id,
            kind: intent.kind,
            title: message.subject,
            body: message.summary,
            language: recipient.language,
            data: idsOf(payload),
          });
          continue;
        }
        const channel = this.channels.get(channelName);
        // Not set up, or no address for this person: nothing to send on this channel.
        for (const address of channel ? await channel.addressesOf(recipient) : [])
          await this.deliveries.enqueue(tx, {
            event_id: event.id,
            kind: intent.kind,
            channel: channel!.name,
            account_id: recipient.account_id,
            address,
            language: recipient.language,
            message,
          });
      }
    }
  }

  private contextFor(
    recipient: Recipient,
    payload: Partial<LeadsEventPayload> & Partial<BalanceLowPayload>,
    listing: ListingOwnerResponse | null,
  ): MessageContext {
    const zone = listing?.time_zone ?? 'Asia/Riyadh';
    const when = payload.scheduled_at
      ? `${DateTime.fromISO(payload.scheduled_at, { zone }).toFormat('yyyy-MM-dd HH:mm')} (${zone})`
      : undefined;
    return {
      recipient_name: recipient.name,
      property_title_en: listing?.title_en ?? null,
      property_title_ar: listing?.title_ar ?? null,
      when,
      reason: payload.reason ?? null,
      balance: payload.balance,
      asset: payload.asset,
      link: `${this.config.PUBLIC_URL ?? 'http://localhost:3000'}/docs`,
    };
  }
}

/** The ids a client needs to open what the notification is about. */
function idsOf(payload: Record<string, unknown>): Record<string, string> {
  const keys = ['property_id', 'inquiry_id', 'booking_id', 'lead_id', 'workspace_id'];
  return Object.fromEntries(
    keys.filter((key) => typeof payload[key] === 'string').map((key) => [key, payload[key] as string]),
  );
}
