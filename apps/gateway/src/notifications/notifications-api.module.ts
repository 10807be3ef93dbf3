import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';

/** `/v1/me/notifications` and `/v1/me/notification-preferences`, forwarded to the notification service. */
@Module({ controllers: [NotificationsController] })
export class NotificationsApiModule {}
