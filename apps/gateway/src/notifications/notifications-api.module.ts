import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { WebhooksController } from './webhooks.controller';

/** `/v1/me/notifications`, `/v1/me/notification-preferences` and `/v1/workspace/webhooks`, forwarded to the notification service. */
@Module({ controllers: [NotificationsController, WebhooksController] })
export class NotificationsApiModule {}
