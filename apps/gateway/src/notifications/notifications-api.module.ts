import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';
import { WhatsAppController } from './whatsapp.controller';
import { WhatsAppService } from './whatsapp.service';

/**
 * `/v1/me/notifications`, `/v1/me/notification-preferences`, `/v1/workspace/webhooks` and
 * `/v1/workspace/whatsapp`, forwarded to the notification service.
 */
@Module({
  controllers: [NotificationsController, WebhooksController, WhatsAppController],
  providers: [NotificationsService, WebhooksService, WhatsAppService],
})
export class NotificationsApiModule {}
