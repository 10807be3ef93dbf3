import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { WebhooksController } from './webhooks.controller';
import { WhatsAppController } from './whatsapp.controller';

/**
 * `/v1/me/notifications`, `/v1/me/notification-preferences`, `/v1/workspace/webhooks` and
 * `/v1/workspace/whatsapp`, forwarded to the notification service.
 */
@Module({ controllers: [NotificationsController, WebhooksController, WhatsAppController] })
export class NotificationsApiModule {}
