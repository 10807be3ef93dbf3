import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { NOTIFICATION_DATABASE } from '../database/notification.database';
import { WebhooksService } from './webhooks.service';

/** Every service's events that API clients may subscribe to, queued for the workspace's webhooks. */
@Injectable()
@EventConsumer(NOTIFICATION_DATABASE)
export class WebhookEventsConsumer {
  constructor(private readonly webhooks: WebhooksService) {}

  @OnEvent({ subject: 'leads.>', name: 'leads-webhooks' })
  onLeads(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    return this.webhooks.enqueue(event, tx);
  }

  @OnEvent({ subject: 'catalogue.>', name: 'catalogue-webhooks' })
  onCatalogue(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    return this.webhooks.enqueue(event, tx);
  }

  @OnEvent({ subject: 'billing.>', name: 'billing-webhooks' })
  onBilling(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    return this.webhooks.enqueue(event, tx);
  }
}
