import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsNumber,
  IsOmittable,
  IsOptional,
  IsString,
  IsUUID,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from '@app/validation';
import { ListPage, PageQuery, PageRequest, Paged } from './paging';
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
  /** Listings that matched a saved search (published, or cheaper): instant or a daily/weekly digest. */
  'saved_search_alert',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** GET /v1/me/notifications query. */
export class InboxQuery extends PageQuery {
  /** `true`: unread only */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  unread?: boolean;
}

export class InboxListRequest extends PageRequest {
  @IsUUID()
  account_id: string;

  @IsOptional()
  @IsBoolean()
  unread?: boolean;
}

export class InboxItem {
  /** Always `notification`. */
  @IsIn(['notification'])
  object: 'notification';

  /** The notification. */
  @IsUUID()
  id: string;

  /** What it is about. */
  @IsIn(NOTIFICATION_KINDS)
  kind: NotificationKind;

  /** In your language */
  @IsString()
  title: string;

  /** In your language. */
  @IsString()
  body: string;

  /** The language it was written in. */
  @IsIn(['en', 'ar'])
  language: 'en' | 'ar';

  /** Ids of what it is about: property_id, inquiry_id, booking_id, lead_id, workspace_id */
  data: Record<string, string>;

  /** When you read it; null while unread. */
  @IsOptional()
  @IsISO8601()
  read_at: string | null;

  /** When it was sent. */
  @IsISO8601()
  created_at: string;
}

export class InboxPage extends ListPage {
  /** Notifications, newest first. */
  data: InboxItem[];

  /** Unread notifications in the whole inbox. */
  @IsNumber()
  unread_count: number;
}

/** POST /v1/me/notifications/read body. */
export class MarkReadBody {
  /** Absent: mark all read */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  ids?: string[];
}

/** Marks the given notifications read, or all of them when no ids are given. */
export class InboxReadRequest extends MarkReadBody {
  @IsUUID()
  account_id: string;
}

export class InboxReadResponse {
  /** How many were unread and are now read */
  @IsNumber()
  marked: number;

  /** Unread notifications left. */
  @IsNumber()
  unread_count: number;
}

/**
 * PUT /v1/me/notification-preferences body: channels not sent keep their setting; null is refused
 * (a channel is on or off).
 */
export class UpdatePreferencesBody {
  /** E-mail (default on) */
  @IsOmittable()
  @IsBoolean()
  email?: boolean;

  /** The in-app inbox of GET /v1/me/notifications (default on) */
  @IsOmittable()
  @IsBoolean()
  in_app?: boolean;

  /** WhatsApp, when the platform has it set up and you have a phone (default on) */
  @IsOmittable()
  @IsBoolean()
  whatsapp?: boolean;

  /** Web push to your subscribed browsers (default on) */
  @IsOmittable()
  @IsBoolean()
  push?: boolean;
}

export class PreferencesGetRequest {
  @IsUUID()
  account_id: string;
}

export class PreferencesSetRequest extends UpdatePreferencesBody {
  @IsUUID()
  account_id: string;
}

/** Every channel is on until the user turns it off. */
export class NotificationPreferences implements Record<NotificationChannel, boolean> {
  /** E-mail (default on) */
  @IsBoolean()
  email: boolean;

  /** The in-app inbox of GET /v1/me/notifications (default on) */
  @IsBoolean()
  in_app: boolean;

  /** WhatsApp, when the platform has it set up and you have a phone (default on) */
  @IsBoolean()
  whatsapp: boolean;

  /** Web push to your subscribed browsers (default on) */
  @IsBoolean()
  push: boolean;
}

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

/** PUT /v1/workspace/whatsapp body. */
export class ConnectWhatsAppBody {
  /**
   * The sending number's id in WhatsApp Manager (not the phone number itself)
   * @example "109876543210"
   */
  @Matches(/^\d{5,20}$/, { message: 'must be the numeric phone number id from WhatsApp Manager' })
  phone_number_id: string;

  /** A system user access token with `whatsapp_business_messaging`: stored encrypted, never shown again */
  @IsString()
  @Length(20, 1024)
  @Matches(/^\S+$/, { message: 'must be a token without spaces' })
  access_token: string;

  /** An approved template with one body parameter; the platform's default when omitted. */
  @IsOptional()
  @Matches(/^[a-z0-9_]{1,512}$/, { message: 'must be a template name (lower case letters, digits, _)' })
  template?: string;

  /** Off keeps the connection and sends nothing (members' own preferences still apply when on) */
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class ConnectWhatsAppRequest extends ConnectWhatsAppBody {
  @IsUUID()
  workspace_id: string;
}

export class WhatsAppConnectionResponse {
  /** Always `whatsapp_connection`. */
  @IsIn(['whatsapp_connection'])
  object: 'whatsapp_connection';

  /** Whether a number is connected. */
  @IsBoolean()
  connected: boolean;

  /** Off: connected, sending nothing. */
  @IsBoolean()
  enabled: boolean;

  /** The sending number's id in WhatsApp Manager; null when not connected. */
  @IsOptional()
  @IsString()
  phone_number_id: string | null;

  /**
   * As WhatsApp shows it, read from the Cloud API when connecting.
   * @example "+966 11 234 5678"
   */
  @IsOptional()
  @IsString()
  display_phone_number: string | null;

  /** The business name WhatsApp verified for the number. */
  @IsOptional()
  @IsString()
  verified_name: string | null;

  /** The template sent; null: the platform's default. */
  @IsOptional()
  @IsString()
  template: string | null;

  /** When the number was connected. */
  @IsOptional()
  @IsISO8601()
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

/** POST /v1/workspace/webhooks body. */
export class CreateWebhookBody {
  /**
   * https, to a public address (http to localhost outside production)
   * @example "https://crm.example.com/hooks/property-platform"
   */
  @IsString()
  @MaxLength(2000)
  url: string;

  /** The event types to deliver. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events: WebhookEventType[];

  /** A note for your team. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  description?: string;
}

export class CreateWebhookRequest extends CreateWebhookBody {
  @IsUUID()
  workspace_id: string;
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

export class WebhookResponse {
  /** Always `webhook`. */
  @IsIn(['webhook'])
  object: 'webhook';

  /** The webhook. */
  @IsUUID()
  id: string;

  /** Where deliveries are posted. */
  @IsString()
  url: string;

  /** The event types delivered. */
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events: WebhookEventType[];

  /** A note for your team. */
  @IsOptional()
  @IsString()
  description: string | null;

  /** When it was created. */
  @IsISO8601()
  created_at: string;
}

/** Creation only: the signing secret, never shown again. */
export class WebhookCreatedResponse extends WebhookResponse {
  /** The signing secret (`whsec_…`, Standard Webhooks): shown in this answer only */
  @IsString()
  secret: string;
}

export class WebhooksResponse {
  /** Always `list`. */
  @IsIn(['list'])
  object: 'list';

  /** The workspace's webhooks. */
  data: WebhookResponse[];
}

export class WebhookDeliveryResponse {
  /** Always `webhook_delivery`. */
  @IsIn(['webhook_delivery'])
  object: 'webhook_delivery';

  /** The `webhook-id` header: the same on every retry and replay */
  @IsUUID()
  id: string;

  /** The event delivered. */
  @IsUUID()
  event_id: string;

  /** Its type. */
  @IsIn(WEBHOOK_EVENT_TYPES)
  event_type: WebhookEventType;

  /** `failed`: retried for 24 hours without a 2xx */
  @IsIn(WEBHOOK_DELIVERY_STATUSES)
  status: WebhookDeliveryStatus;

  /** Attempts made so far. */
  @IsNumber()
  attempts: number;

  /** The HTTP status of the last attempt; null before one answered. */
  @IsOptional()
  @IsNumber()
  last_status_code: number | null;

  /** Why the last attempt failed; null when it did not. */
  @IsOptional()
  @IsString()
  last_error: string | null;

  /** When it is tried next; null when no attempt is due. */
  @IsOptional()
  @IsISO8601()
  next_attempt_at: string | null;

  /** When the event was queued for this webhook. */
  @IsISO8601()
  created_at: string;

  /** When a 2xx answered it; null until then. */
  @IsOptional()
  @IsISO8601()
  delivered_at: string | null;
}

export class WebhookDeliveriesPage extends ListPage {
  /** Deliveries, newest first. */
  data: WebhookDeliveryResponse[];
}

export class PushKeys {
  /** The browser’s P-256 public key, base64url */
  @Matches(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { message: 'keys.p256dh must be the browser key, base64url' })
  p256dh: string;

  /** The auth secret, base64url */
  @Matches(/^[A-Za-z0-9_-]{16,30}={0,2}$/, { message: 'keys.auth must be the auth secret, base64url' })
  auth: string;
}

/** POST /v1/me/push-subscriptions body: a browser's `PushSubscription.toJSON()`. */
export class PushSubscribeBody {
  /** The push service URL the browser was given */
  @IsUrl({ protocols: ['https', 'http'], require_tld: false, require_protocol: true })
  @MaxLength(2000)
  endpoint: string;

  /** The subscription's keys. */
  @ValidateNested()
  @Type(() => PushKeys)
  keys: PushKeys;
}

export class PushSubscribeRequest extends PushSubscribeBody {
  @IsUUID()
  account_id: string;
}

export class PushUnsubscribeRequest {
  @IsUUID()
  account_id: string;

  @IsUUID()
  id: string;
}

export class PushSubscriptionResponse {
  /** Always `push_subscription`. */
  @IsIn(['push_subscription'])
  object: 'push_subscription';

  /** The subscription. */
  @IsUUID()
  id: string;

  /** The push service URL. */
  @IsString()
  endpoint: string;

  /** When the browser subscribed. */
  @IsISO8601()
  created_at: string;
}

export class PushSubscriptionsResponse {
  /** Always `list`. */
  @IsIn(['list'])
  object: 'list';

  /** Pass as `applicationServerKey` to `pushManager.subscribe`; null when web push is not set up */
  @IsOptional()
  @IsString()
  vapid_public_key: string | null;

  /** Your subscribed browsers. */
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
