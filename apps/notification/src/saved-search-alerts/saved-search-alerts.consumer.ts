import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CATALOGUE_SAVED_SEARCH_CLOSED, CATALOGUE_SAVED_SEARCH_MATCHED } from '@app/contracts';
import type { SavedSearchClosedPayload, SavedSearchMatchedPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { Clock } from '../clock/clock';
import { NOTIFICATION_DATABASE } from '../database/notification.database';
import { NotificationPlanner } from '../rules/notification-planner';
import { SavedSearchAlertsRepository } from './saved-search-alerts.repository';

/**
 * A listing matched a saved search: the match joins the search's open alert, which goes out at
 * once when it is due (an instant search not alerted in the last 15 minutes), else later from
 * SavedSearchAlertWorker. Durable and idempotent on the event id, as every consumer.
 */
@Injectable()
@EventConsumer(NOTIFICATION_DATABASE)
export class SavedSearchAlertsConsumer {
  constructor(
    private readonly alerts: SavedSearchAlertsRepository,
    private readonly planner: NotificationPlanner,
    private readonly clock: Clock,
  ) {}

  @OnEvent({ subject: CATALOGUE_SAVED_SEARCH_MATCHED, name: 'saved-search-alerts' })
  async onMatched(event: DomainEvent<SavedSearchMatchedPayload>, tx: EntityManager): Promise<void> {
    const now = this.clock.now();
    const alertId = await this.alerts.collect(tx, event.payload, now);
    await this.alerts.flushIfDue(tx, alertId, now, (alert, alertTx) =>
      this.planner.planSavedSearchAlert(alert, alertTx),
    );
  }

  /** Unsubscribed or deleted: what still waits for the search is not sent. */
  @OnEvent({ subject: CATALOGUE_SAVED_SEARCH_CLOSED, name: 'saved-search-closures' })
  onClosed(event: DomainEvent<SavedSearchClosedPayload>, tx: EntityManager): Promise<void> {
    return this.alerts.dropOpen(tx, event.payload.saved_search_id);
  }
}
