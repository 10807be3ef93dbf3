import { Inject, Injectable, Logger } from '@nestjs/common';
import { DateTime } from 'luxon';
import type { EntityManager } from 'typeorm';
import { DEFAULT_NOTIFICATION_PREFERENCES, LEADS_WIDGET_SESSION_CREATED } from '@app/contracts';
import type {
  AccountLinkRequestedPayload,
  BalanceLowPayload,
  InvitationCreatedPayload,
  InvoiceIssuedPayload,
  LeadsEventPayload,
  ListingOwnerResponse,
  NotificationKind,
  NotificationRequestPayload,
  Recipient,
  WidgetSessionCreatedPayload,
  WorkspaceRole,
} from '@app/contracts';
import { InjectConfig, publicUrlOf } from '@app/config';
import type { AppConfig } from '@app/config';
import { RUNTIME_OPTIONS } from '@app/messaging';
import type { DomainEvent, RuntimeOptions } from '@app/messaging';
import { LinkSigner, SAVED_SEARCH_UNSUBSCRIBE, SecretBox } from '@app/platform';
import { Channel } from '../channels/channel';
import { Clock } from '../clock/clock';
import { notificationConfig } from '../config/notification.env';
import { DeliveriesRepository } from '../deliveries/deliveries.repository';
import { CHANNELS } from '../deliveries/channels.token';
import { DigestsRepository } from '../digests/digests.repository';
import type { DueDigest } from '../digests/digests.repository';
import { DirectoryClient } from '../directory/directory.client';
import { InboxRepository } from '../inbox/inbox.repository';
import { PreferencesRepository } from '../preferences/preferences.repository';
import type { DueAlert } from '../saved-search-alerts/saved-search-alerts.repository';
import { renderMessage } from '../templates/messages';
import type { MessageContext } from '../templates/messages';
import { EVERY_MEMBER, notificationsFor } from './notification-rules';
import type { Audience, NotificationIntent } from './notification-rules';

const EVERY_ROLE: WorkspaceRole[] = ['owner', 'admin', 'agent'];
/** Kinds whose link opens the chat in the dashboard's inbox (`<PUBLIC_URL>/inbox/<session_id>`). */
const CHAT_KINDS = new Set<NotificationKind>(['conversation_escalated', 'conversation_visitor_message']);

/**
 * Turns one event into messages, in the event's transaction: in-app items at once, and a
 * delivery row per external channel for the worker. The consumer records the event id in
 * the same transaction, so an event is planned once however often it is delivered.
 */
@Injectable()
export class NotificationPlanner {
  private readonly logger = new Logger(NotificationPlanner.name);
  private readonly channels: Map<string, Channel>;
  /** Opens the accept token an invitation event carries sealed. */
  private readonly invitationBox: SecretBox | null;
  /** PUBLIC_URL without a trailing slash: the base of every link a message carries. */
  private readonly publicUrl: string;
  /** Signs a saved search's unsubscribe link (the gateway checks it with the same key). */
  private readonly unsubscribeSigner: LinkSigner | null;

  constructor(
    private readonly directory: DirectoryClient,
    private readonly preferences: PreferencesRepository,
    private readonly inbox: InboxRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly digests: DigestsRepository,
    private readonly clock: Clock,
    @InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>,
    @Inject(CHANNELS) channels: Channel[],
    @Inject(RUNTIME_OPTIONS) runtime: Pick<RuntimeOptions, 'mode'>,
  ) {
    this.channels = new Map(channels.map((channel) => [channel.name, channel]));
    // Standalone: one process, PORT is the gateway's. Distributed: PORT is this service's own.
    this.publicUrl = publicUrlOf(config.PUBLIC_URL, runtime.mode === 'standalone' ? config.PORT : undefined);
    this.invitationBox = config.INVITATION_TOKEN_KEY
      ? new SecretBox(config.INVITATION_TOKEN_KEY, 'INVITATION_TOKEN_KEY')
      : null;
    this.unsubscribeSigner = config.INVITATION_TOKEN_KEY
      ? new LinkSigner(config.INVITATION_TOKEN_KEY, SAVED_SEARCH_UNSUBSCRIBE)
      : null;
  }

  async plan(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    if (event.subject === LEADS_WIDGET_SESSION_CREATED) {
      const session = event.payload as WidgetSessionCreatedPayload;
      await this.digests.count(tx, session.workspace_id, 'widget_sessions_digest', this.clock.now());
    }
    for (const intent of notificationsFor(event.subject, event.payload)) await this.planIntent(event, intent, tx);
  }

  /** A closed digest window: one summary e-mail to every member, its id standing for the event. */
  planDigest(digest: DueDigest, tx: EntityManager): Promise<void> {
    const event: DomainEvent<unknown> = {
      id: digest.id,
      subject: digest.kind,
      occurred_at: new Date(digest.last_at).toISOString(),
      payload: { workspace_id: digest.workspace_id },
    };
    return this.planIntent(
      event,
      {
        kind: digest.kind,
        audience: { workspace_id: digest.workspace_id, roles: EVERY_MEMBER },
        channels: ['email'],
      },
      tx,
      { count: digest.count },
    );
  }

  /**
   * A saved search's alert (one listing, or the listings gathered since the last message): to its
   * owner on every channel they keep on, the alert's id standing for the event. Each listing is
   * named by id and title with its link; the e-mail carries the search's one-click unsubscribe link.
   */
  planSavedSearchAlert(alert: DueAlert, tx: EntityManager): Promise<void> {
    const unsubscribe = this.unsubscribeSigner
      ? `${this.publicUrl}/v1/saved-searches/${alert.saved_search_id}/unsubscribe?token=${this.unsubscribeSigner.sign(alert.saved_search_id)}`
      : null;
    const matches = alert.items.map((item) => ({
      ...item,
      link: `${this.publicUrl}/v1/properties/${encodeURIComponent(item.listing_id)}`,
    }));
    const event: DomainEvent<unknown> = {
      id: alert.id,
      subject: 'saved_search_alert',
      occurred_at: this.clock.now().toISOString(),
      payload: {
        saved_search_id: alert.saved_search_id,
        property_ids: alert.items.map((item) => item.listing_id).join(','),
      },
    };
    return this.planIntent(
      event,
      {
        kind: 'saved_search_alert',
        audience: { account_ids: [alert.account_id] },
        channels: ['email', 'push', 'in_app', 'whatsapp'],
      },
      tx,
      {
        link: matches[0]?.link ?? `${this.publicUrl}/v1/properties`,
        saved_search: { name: alert.name, frequency: alert.frequency, matches, unsubscribe_link: unsubscribe },
      },
    );
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
    const payload = event.payload as Partial<LeadsEventPayload> & Partial<BalanceLowPayload> & { listing_id?: string };
    // Leads events name the listing `property_id`; catalogue events `listing_id`.
    const propertyId = payload.property_id ?? payload.listing_id;
    if (intent.kind === 'invoice_issued')
      extra = { ...extra, ...this.invoiceContext(event.payload as InvoiceIssuedPayload) };
    if (intent.kind === 'invitation') {
      const invitation = this.invitationContext(event);
      if (!invitation) return;
      extra = { ...extra, ...invitation };
    }
    if (intent.kind === 'email_verification' || intent.kind === 'password_reset') {
      const link = this.accountLinkContext(event);
      if (!link) return;
      extra = { ...extra, ...link };
    }
    const [recipients, listing] = await Promise.all([
      'address' in intent.audience
        ? Promise.resolve([addressee(intent.audience.address)])
        : this.directory.recipients(intent.audience),
      propertyId ? this.directory.listing(propertyId) : Promise.resolve(null),
    ]);
    const workspaceId =
      ('workspace_id' in intent.audience ? intent.audience.workspace_id : payload.workspace_id) ?? null;
    const preferences = await this.preferences.of(
      recipients.filter((recipient) => recipient.account_id).map((recipient) => recipient.account_id),
      tx,
    );
    for (const recipient of recipients) {
      const message = renderMessage(intent.kind, recipient.language, {
        ...this.contextFor(intent, recipient, payload, listing),
        ...extra,
      });
      // Someone with no account yet (an invitee) has no preferences: the message they asked for goes.
      const wants = preferences.get(recipient.account_id) ?? DEFAULT_NOTIFICATION_PREFERENCES;
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
        for (const address of channel ? await channel.addressesOf(recipient, workspaceId) : [])
          await this.deliveries.enqueue(tx, {
            event_id: event.id,
            kind: intent.kind,
            channel: channel!.name,
            account_id: recipient.account_id || null,
            workspace_id: workspaceId,
            address,
            language: recipient.language,
            message,
          });
      }
    }
  }

  /** The invoice's number and total, and its PDF (an API route: the owner's login or key opens it). */
  private invoiceContext(invoice: InvoiceIssuedPayload): Partial<MessageContext> {
    return {
      link: `${this.publicUrl}/v1/workspace/invoices/${encodeURIComponent(invoice.invoice_id)}.pdf`,
      invoice: {
        number: invoice.number,
        total: invoice.total,
        currency: invoice.currency,
        kind: invoice.kind,
        demo: invoice.demo,
      },
    };
  }

  /**
   * The invitation's words and accept link, or null (logged) when the token cannot travel:
   * no key here, or none at the gateway. A key that does not open it throws, so the event is
   * retried and then dead-lettered with the reason, for an operator to see.
   */
  private invitationContext(event: DomainEvent<unknown>): Partial<MessageContext> | null {
    const invitation = event.payload as InvitationCreatedPayload;
    if (!this.invitationBox || !invitation.accept_token_sealed) {
      this.logger.warn(
        { event_id: event.id, invitation_id: invitation.invitation_id },
        'Invitation e-mail not sent: INVITATION_TOKEN_KEY is not set on both the gateway and notification',
      );
      return null;
    }
    let token: string;
    try {
      token = this.invitationBox.open(invitation.accept_token_sealed);
    } catch {
      throw new Error('The invitation token does not open with INVITATION_TOKEN_KEY: is it the gateway’s key?');
    }
    const page = this.config.INVITATION_ACCEPT_URL ?? `${this.publicUrl}/invitations/accept`;
    return {
      // In the fragment, so the token never reaches a server's access log or a Referer header.
      link: `${page}#token=${encodeURIComponent(token)}`,
      invitation: {
        workspace_name: invitation.workspace_name,
        inviter_name: invitation.inviter_name,
        role: invitation.role,
        expires_on: invitation.expires_at.slice(0, 10),
      },
    };
  }

  /**
   * The verification or reset link, opened as an invitation's is (the same key): the token in
   * the fragment, so it reaches neither a server's access log nor a Referer header.
   */
  private accountLinkContext(event: DomainEvent<unknown>): Partial<MessageContext> | null {
    const request = event.payload as AccountLinkRequestedPayload;
    if (!this.invitationBox || !request.token_sealed) {
      this.logger.warn(
        { event_id: event.id, account_id: request.account_id, purpose: request.purpose },
        'Account e-mail not sent: INVITATION_TOKEN_KEY is not set on both the gateway and notification',
      );
      return null;
    }
    let token: string;
    try {
      token = this.invitationBox.open(request.token_sealed);
    } catch {
      throw new Error('The account link token does not open with INVITATION_TOKEN_KEY: is it the gateway’s key?');
    }
    const page = request.purpose === 'email_verification' ? 'verify-email' : 'reset-password';
    return {
      recipient_name: request.name,
      link: `${this.publicUrl}/${page}#token=${encodeURIComponent(token)}`,
      valid_until: `${DateTime.fromISO(request.expires_at, { zone: 'utc' }).toFormat('yyyy-MM-dd HH:mm')} UTC`,
    };
  }

  private contextFor(
    intent: NotificationIntent,
    recipient: Recipient,
    payload: Partial<LeadsEventPayload> & Partial<BalanceLowPayload> & { session_id?: string },
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
      link:
        CHAT_KINDS.has(intent.kind) && payload.session_id
          ? `${this.publicUrl}/inbox/${encodeURIComponent(payload.session_id)}`
          : `${this.publicUrl}/docs`,
    };
  }
}

/** An address with no account behind it (yet): no name, no phone, the language the event chose. */
function addressee(address: { email: string; language: Recipient['language'] }): Recipient {
  return { account_id: '', name: '', email: address.email, phone: null, language: address.language };
}

/** The ids a client needs to open what the notification is about. */
function idsOf(payload: Record<string, unknown>): Record<string, string> {
  const keys = [
    'property_id',
    'inquiry_id',
    'booking_id',
    'lead_id',
    'workspace_id',
    'session_id',
    'widget_id',
    'saved_search_id',
    'property_ids',
  ];
  return Object.fromEntries(
    keys.filter((key) => typeof payload[key] === 'string').map((key) => [key, payload[key] as string]),
  );
}
