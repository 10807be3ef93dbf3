import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsOptional,
  IsUUID,
  IsUrl,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { NOTIFICATION_KINDS } from '@app/contracts';
import type {
  InboxItem,
  InboxPage,
  InboxReadResponse,
  NotificationKind,
  NotificationPreferences,
  PushSubscriptionResponse,
  PushSubscriptionsResponse,
} from '@app/contracts';
import { PageQueryDto } from '../http/page-query.dto';
import { PageDto } from '../http/page.dto';

export class InboxQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ type: Boolean, description: '`true`: unread only' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  unread?: boolean;
}

export class MarkReadDto {
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: 100, description: 'Absent: mark all read' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  ids?: string[];
}

export class PreferencesDto implements NotificationPreferences {
  @ApiProperty({ description: 'E-mail (default on)' })
  email: boolean;

  @ApiProperty({ description: 'The in-app inbox of GET /v1/me/notifications (default on)' })
  in_app: boolean;

  @ApiProperty({ description: 'WhatsApp, when the platform has it set up and you have a phone (default on)' })
  whatsapp: boolean;

  @ApiProperty({ description: 'Web push to your subscribed browsers (default on)' })
  push: boolean;
}

/** Channels not sent keep their setting. */
export class UpdatePreferencesDto {
  @ApiPropertyOptional({ description: 'E-mail (default on)' })
  @ValidateIf((_body, value) => value !== undefined) // absent keeps the setting; null is refused
  @IsBoolean()
  email?: boolean;

  @ApiPropertyOptional({ description: 'The in-app inbox of GET /v1/me/notifications (default on)' })
  @ValidateIf((_body, value) => value !== undefined) // absent keeps the setting; null is refused
  @IsBoolean()
  in_app?: boolean;

  @ApiPropertyOptional({ description: 'WhatsApp, when the platform has it set up and you have a phone (default on)' })
  @ValidateIf((_body, value) => value !== undefined) // absent keeps the setting; null is refused
  @IsBoolean()
  whatsapp?: boolean;

  @ApiPropertyOptional({ description: 'Web push to your subscribed browsers (default on)' })
  @ValidateIf((_body, value) => value !== undefined) // absent keeps the setting; null is refused
  @IsBoolean()
  push?: boolean;
}

class InboxItemDto implements InboxItem {
  @ApiProperty({ enum: ['notification'] })
  object: 'notification';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: NOTIFICATION_KINDS })
  kind: NotificationKind;

  @ApiProperty({ description: 'In your language' })
  title: string;

  @ApiProperty()
  body: string;

  @ApiProperty({ enum: ['en', 'ar'] })
  language: 'en' | 'ar';

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Ids of what it is about: property_id, inquiry_id, booking_id, lead_id, workspace_id',
  })
  data: Record<string, string>;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  read_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class InboxPageDto extends PageDto(InboxItemDto) implements InboxPage {
  @ApiProperty()
  unread_count: number;
}

export class MarkReadResultDto implements InboxReadResponse {
  @ApiProperty({ description: 'How many were unread and are now read' })
  marked: number;

  @ApiProperty()
  unread_count: number;
}

class PushKeysDto {
  @ApiProperty({ description: 'The browser’s P-256 public key, base64url' })
  @Matches(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { message: 'keys.p256dh must be the browser key, base64url' })
  p256dh: string;

  @ApiProperty({ description: 'The auth secret, base64url' })
  @Matches(/^[A-Za-z0-9_-]{16,30}={0,2}$/, { message: 'keys.auth must be the auth secret, base64url' })
  auth: string;
}

/** A browser's `PushSubscription.toJSON()`. */
export class PushSubscribeDto {
  @ApiProperty({ description: 'The push service URL the browser was given', maxLength: 2000 })
  @IsUrl({ protocols: ['https', 'http'], require_tld: false, require_protocol: true })
  @MaxLength(2000)
  endpoint: string;

  @ApiProperty({ type: PushKeysDto })
  @ValidateNested()
  @Type(() => PushKeysDto)
  keys: PushKeysDto;
}

export class PushSubscriptionDto implements PushSubscriptionResponse {
  @ApiProperty({ enum: ['push_subscription'] })
  object: 'push_subscription';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  endpoint: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class PushSubscriptionsDto implements PushSubscriptionsResponse {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `applicationServerKey` to `pushManager.subscribe`; null when web push is not set up',
  })
  vapid_public_key: string | null;

  @ApiProperty({ type: [PushSubscriptionDto] })
  data: PushSubscriptionDto[];
}
