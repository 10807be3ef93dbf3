import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { MAX_PAGE_LIMIT, MAX_PAGE_OFFSET } from './paging';

/** The notification service: in-app inbox, channel preferences, delivery records. */
export const NOTIFICATION_INBOX_LIST_PATTERN = 'rpc.notification.inbox.list.v1';
export const NOTIFICATION_INBOX_READ_PATTERN = 'rpc.notification.inbox.read.v1';
export const NOTIFICATION_PREFERENCES_GET_PATTERN = 'rpc.notification.preferences.get.v1';
export const NOTIFICATION_PREFERENCES_SET_PATTERN = 'rpc.notification.preferences.set.v1';

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
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export class InboxListRequest {
  @IsUUID()
  account_id: string;

  @IsOptional()
  @IsBoolean()
  unread?: boolean;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_LIMIT)
  limit: number;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_PAGE_OFFSET)
  offset: number;
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

export interface InboxPage {
  object: 'list';
  data: InboxItem[];
  unread_count: number;
  limit: number;
  offset: number;
  has_more: boolean;
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
