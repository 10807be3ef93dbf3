import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from '@app/validation';
import { PageRequest, Paged } from './paging';
import type { Page } from './paging';
import { rpc } from './rpc-descriptor';

/** Where a notification goes. `in_app` is the inbox of GET /v1/me/notifications. */
export const NOTIFICATION_CHANNELS = ['email', 'in_app', 'whatsapp', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a notification is about (spec 6). */
export const NOTIFICATION_KINDS = [
  'inquiry_created',
  'inquiry_replied',
  'booking_created',
  'booking_confirmed',
  'booking_rejected',
  'booking_proposed',
  'booking_cancelled',
  'survey_requested',
  'balance_low',
  /** A visitor opened a chat on the workspace's website widget (in-app, WhatsApp). */
  'widget_session',
  /** At most one e-mail per workspace every 15 minutes: how many widget sessions opened. */
  'widget_sessions_digest',
  /** A website chat went to a person: its assignee, or every member when unassigned. */
  'conversation_escalated',
  /** The visitor wrote again in a chat escalated or handled by a person (in-app, push). */
  'conversation_visitor_message',
  /** An invitation to join a workspace, with its accept link (e-mail to the invitee). */
  'invitation',
  /** The link that verifies an account's e-mail address (e-mail only). */
  'email_verification',
  /** The single-use link that sets a new password (e-mail only). */
  'password_reset',
  /** From a notification.request.v1: its own title and body. */
  'announcement',
  /** A moderator took a published listing down, with a reason (e-mail and in-app to its broker or seller). */
  'listing_unpublished',
  /** A tax invoice for a purchase, with the link to its PDF (e-mail to the owner). */
  'invoice_issued',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export class InboxListRequest extends PageRequest {
  @IsUUID()
  account_id: string;

  @IsOptional()
  @IsBoolean()
  unread?: boolean;
}

export interface InboxItem {
  object: 'notification';
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  language: 'en' | 'ar';
  /** Ids to act on: property_id, inquiry_id, booking_id… */
  data: Record<string, string>;
  read_at: string | null;
  created_at: string;
}

export interface InboxPage extends Page<InboxItem> {
  unread_count: number;
}

/** Marks the given notifications read, or all of them when no ids are given. */
export class InboxReadRequest {
  @IsUUID()
  account_id: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  ids?: string[];
}

export interface InboxReadResponse {
  marked: number;
  unread_count: number;
}

export class PreferencesGetRequest {
  @IsUUID()
  account_id: string;
}

export class PreferencesSetRequest extends PreferencesGetRequest {
  @IsOptional()
  @IsBoolean()
  email?: boolean;

  @IsOptional()
  @IsBoolean()
  in_app?: boolean;

  @IsOptional()
  @IsBoolean()
  whatsapp?: boolean;

  @IsOptional()
  @IsBoolean()
  push?: boolean;
}

/** Every channel is on until the user turns it off. */
export type NotificationPreferences = Record<NotificationChannel, boolean>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: true,
  in_app: true,
  whatsapp: true,
  push: true,
};

export class WhatsAppWorkspaceRequest {
  @IsUUID()
  workspace_id: string;
}

export class ConnectWhatsAppRequest extends WhatsAppWorkspaceRequest {
  /** The Cloud API's id of the sending number (not the number itself). */
  @Matches(/^\d{5,20}$/, { message: 'must be the numeric phone number id from WhatsApp Manager' })
  phone_number_id: string;

  /** A system user's permanent access token with whatsapp_business_messaging. */
  @IsString()
  @Length(20, 1024)
  @Matches(/^\S+$/, { message: 'must be a token without spaces' })
  access_token: string;

  /** An approved template with one body parameter; the platform's default when omitted. */
  @IsOptional()
  @Matches(/^[a-z0-9_]{1,512}$/, { message: 'must be a template name (lower case letters, digits, _)' })
  template?: string;

  /** Off keeps the connection but sends nothing (members' own preferences still apply when on). */
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export interface WhatsAppConnectionResponse {
  object: 'whatsapp_connection';
  connected: boolean;
  enabled: boolean;
  phone_number_id: string | null;
  /** As WhatsApp shows it, read from the Cloud API when connecting. */
  display_phone_number: string | null;
  verified_name: string | null;
  template: string | null;
  connected_at: string | null;
}

/** The events an API client may subscribe to; each is delivered only to the workspace it concerns. */
export const WEBHOOK_EVENT_TYPES = [
  'leads.inquiry.created.v1',
  'leads.inquiry.replied.v1',
  'leads.inquiry.message-added.v1',
  'leads.inquiry.closed.v1',
  'leads.booking.created.v1',
  'leads.booking.confirmed.v1',
  'leads.booking.rejected.v1',
  'leads.booking.proposed.v1',
  'leads.booking.cancelled.v1',
  'leads.booking.completed.v1',
  'leads.booking.rescheduled.v1',
  'leads.lead.created.v1',
  'leads.lead.unlocked.v1',
  'leads.widget_session.created.v1',
  'leads.conversation.escalated.v1',
  'leads.conversation.visitor_message.v1',
  'catalogue.listing.submitted.v1',
  'catalogue.listing.published.v1',
  'catalogue.listing.rejected.v1',
  'catalogue.listing.updated.v1',
  'catalogue.listing.deleted.v1',
  'catalogue.verification.changed.v1',
  'billing.balance.low.v1',
  'billing.lead-credits.added.v1',
  'billing.purchase.completed.v1',
  'billing.purchase.failed.v1',
  'billing.invoice.issued.v1',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export class WebhookWorkspaceRequest {
  @IsUUID()
  workspace_id: string;
}

export class CreateWebhookRequest extends WebhookWorkspaceRequest {
  @IsString()
  @MaxLength(2000)
  url: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events: WebhookEventType[];

  @IsOptional()
  @IsString()
  @MaxLength(200)
  description?: string;
}

export class WebhookRefRequest extends WebhookWorkspaceRequest {
  @IsUUID()
  id: string;
}

export class WebhookDeliveriesRequest extends Paged(WebhookRefRequest) {}

export class WebhookReplayRequest extends WebhookRefRequest {
  @IsUUID()
  delivery_id: string;
}

export interface WebhookResponse {
  object: 'webhook';
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  created_at: string;
}

/** Creation only: the signing secret (`whsec_…`), never shown again. */
export interface WebhookCreatedResponse extends WebhookResponse {
  secret: string;
}

export interface WebhooksResponse {
  object: 'list';
  data: WebhookResponse[];
}

export interface WebhookDeliveryResponse {
  object: 'webhook_delivery';
  /** Also the `webhook-id` header: stable across retries and replays. */
  id: string;
  event_id: string;
  event_type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

export type WebhookDeliveriesPage = Page<WebhookDeliveryResponse>;

export class PushKeys {
  @Matches(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { message: 'keys.p256dh must be the browser key, base64url' })
  p256dh: string;

  @Matches(/^[A-Za-z0-9_-]{16,30}={0,2}$/, { message: 'keys.auth must be the auth secret, base64url' })
  auth: string;
}

export class PushSubscribeRequest {
  @IsUUID()
  account_id: string;

  @IsUrl({ protocols: ['https', 'http'], require_tld: false, require_protocol: true })
  @MaxLength(2000)
  endpoint: string;

  @ValidateNested()
  @Type(() => PushKeys)
  keys: PushKeys;
}

export class PushUnsubscribeRequest {
  @IsUUID()
  account_id: string;

  @IsUUID()
  id: string;
}

export interface PushSubscriptionResponse {
  object: 'push_subscription';
  id: string;
  endpoint: string;
  created_at: string;
}

export interface PushSubscriptionsResponse {
  object: 'list';
  /** What a browser passes as `applicationServerKey` to subscribe; null when web push is not set up. */
  vapid_public_key: string | null;
  data: PushSubscriptionResponse[];
}

/**
 * Ask for a notification: any service (through its outbox) or an internal system (publishing to
 * NATS) sends this to the notification service. Bad requests are kept as dead letters with
 * the reason, never retried.
 */
export const NOTIFICATION_REQUEST = 'notification.request.v1';

export class NotificationRequestPayload {
  /** Whom: accounts, and/or a workspace's members in some roles (all roles when none given). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  account_ids?: string[];

  @IsOptional()
  @IsUUID()
  workspace_id?: string;

  @IsOptional()
  @IsArray()
  @IsIn(['owner', 'admin', 'agent'], { each: true })
  roles?: ('owner' | 'admin' | 'agent')[];

  @IsArray()
  @ArrayMinSize(1)
  @IsIn(NOTIFICATION_CHANNELS, { each: true })
  channels: NotificationChannel[];

  @IsString()
  @Length(1, 200)
  title_en: string;

  @IsString()
  @Length(1, 200)
  title_ar: string;

  @IsString()
  @Length(1, 2000)
  body_en: string;

  @IsString()
  @Length(1, 2000)
  body_ar: string;
}

/** The notification service: in-app inbox, channel preferences, delivery records. */
export const InboxRpc = {
  list: rpc<InboxListRequest, InboxPage>('rpc.notification.inbox.list.v1'),
  markRead: rpc<InboxReadRequest, InboxReadResponse>('rpc.notification.inbox.read.v1'),
  preferences: rpc<PreferencesGetRequest, NotificationPreferences>('rpc.notification.preferences.get.v1'),
  setPreferences: rpc<PreferencesSetRequest, NotificationPreferences>('rpc.notification.preferences.set.v1'),
};

/**
 * A workspace's own WhatsApp Business number (Cloud API): the inquiry, booking and widget
 * pings of spec 6 go out from it ("when connected"). The access token is sealed at rest and
 * never returned; connecting checks it against the Cloud API first.
 */
export const WhatsAppRpc = {
  get: rpc<WhatsAppWorkspaceRequest, WhatsAppConnectionResponse>('rpc.notification.whatsapp.get.v1'),
  connect: rpc<ConnectWhatsAppRequest, WhatsAppConnectionResponse>('rpc.notification.whatsapp.connect.v1'),
  disconnect: rpc<WhatsAppWorkspaceRequest, { deleted: true }>('rpc.notification.whatsapp.disconnect.v1'),
};

/** Webhooks: a workspace subscribes an URL to event types; deliveries are signed (Standard Webhooks). */
export const WebhooksRpc = {
  list: rpc<WebhookWorkspaceRequest, WebhooksResponse>('rpc.notification.webhooks.list.v1'),
  create: rpc<CreateWebhookRequest, WebhookCreatedResponse>('rpc.notification.webhooks.create.v1'),
  delete: rpc<WebhookRefRequest, { deleted: true }>('rpc.notification.webhooks.delete.v1'),
  deliveries: rpc<WebhookDeliveriesRequest, WebhookDeliveriesPage>('rpc.notification.webhooks.deliveries.v1'),
  replay: rpc<WebhookReplayRequest, WebhookDeliveryResponse>('rpc.notification.webhooks.replay.v1'),
};

/** Web push subscriptions: a browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const PushRpc = {
  subscribe: rpc<PushSubscribeRequest, PushSubscriptionResponse>('rpc.notification.push.subscribe.v1'),
  list: rpc<PreferencesGetRequest, PushSubscriptionsResponse>('rpc.notification.push.list.v1'),
  unsubscribe: rpc<PushUnsubscribeRequest, { deleted: true }>('rpc.notification.push.unsubscribe.v1'),
};
