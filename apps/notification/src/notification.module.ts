import { Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { notificationDatabase } from './database/notification.database';

/** Notifications: consumes events; email, message app, push, in-app. */
@Module({
  imports: [DatabaseModule.forService(notificationDatabase)],
  controllers: [serviceStatusController('notification')],
})
export class NotificationModule {}
