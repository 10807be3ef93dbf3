import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { Channel } from './channels/channel';
import { EmailChannel } from './channels/email.channel';
import { PushChannel } from './channels/push.channel';
import { WhatsAppChannel } from './channels/whatsapp.channel';
import { Clock } from './clock/clock';
import { notificationConfig } from './config/notification.env';
import { notificationDatabase } from './database/notification.database';
import { CHANNELS } from './deliveries/channels.token';
import { DeliveriesRepository } from './deliveries/deliveries.repository';
import { DeliveryWorker } from './deliveries/delivery-worker';
import { DigestWorker } from './digests/digest-worker';
import { DigestsRepository } from './digests/digests.repository';
import { DirectoryClient } from './directory/directory.client';
import { InboxRepository } from './inbox/inbox.repository';
import { NotificationController } from './notification.controller';
import { PreferencesRepository } from './preferences/preferences.repository';
import { PushController } from './push/push.controller';
import { PushSubscriptionsRepository } from './push/push-subscriptions.repository';
import { NotificationEventsConsumer } from './rules/notification-events.consumer';
import { IdentityErasureConsumer } from './erasure/identity-erasure.consumer';
import { NotificationPlanner } from './rules/notification-planner';
import { NotificationRequestsConsumer } from './rules/notification-requests.consumer';
import { SavedSearchAlertWorker } from './saved-search-alerts/saved-search-alert-worker';
import { SavedSearchAlertsConsumer } from './saved-search-alerts/saved-search-alerts.consumer';
import { SavedSearchAlertsRepository } from './saved-search-alerts/saved-search-alerts.repository';
import { WebhookEventsConsumer } from './webhooks/webhook-events.consumer';
import { WebhookSender } from './webhooks/webhook-sender';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksRepository } from './webhooks/webhooks.repository';
import { WebhooksService } from './webhooks/webhooks.service';
import { WhatsAppController } from './whatsapp/whatsapp.controller';
import { WhatsAppConnections } from './whatsapp/whatsapp-connections.service';
import { WhatsAppConnectionsRepository } from './whatsapp/whatsapp-connections.repository';

/** Notifications: consumes events; e-mail, WhatsApp, web push, in-app, digests, preferences, delivery records with retries; webhooks. */
@Module({
  imports: [DatabaseModule.forService(notificationDatabase), ConfigModule.forFeature(notificationConfig)],
  controllers: [
    serviceStatusController('notification'),
    NotificationController,
    WebhooksController,
    PushController,
    WhatsAppController,
  ],
  providers: [
    EmailChannel,
    WhatsAppConnectionsRepository,
    WhatsAppConnections,
    WhatsAppChannel,
    PushChannel,
    PushSubscriptionsRepository,
    {
      provide: CHANNELS,
      useFactory: (...channels: Channel[]) => channels,
      inject: [EmailChannel, WhatsAppChannel, PushChannel],
    },
    Clock,
    DirectoryClient,
    PreferencesRepository,
    DigestsRepository,
    DigestWorker,
    InboxRepository,
    DeliveriesRepository,
    NotificationPlanner,
    NotificationEventsConsumer,
    NotificationRequestsConsumer,
    IdentityErasureConsumer,
    SavedSearchAlertsRepository,
    SavedSearchAlertsConsumer,
    SavedSearchAlertWorker,
    DeliveryWorker,
    WebhooksRepository,
    WebhooksService,
    WebhookEventsConsumer,
    WebhookSender,
  ],
})
export class NotificationModule {}
