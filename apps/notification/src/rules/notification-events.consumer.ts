import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  BILLING_BALANCE_LOW,
  BILLING_INVOICE_ISSUED,
  CATALOGUE_LISTING_REJECTED,
  IDENTITY_ACCOUNT_LINK_REQUESTED,
  IDENTITY_INVITATION_CREATED,
} from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { NOTIFICATION_DATABASE } from '../database/notification.database';
import { NotificationPlanner } from './notification-planner';

/** The events spec 6 notifies about (and invitations), from durable consumers (idempotent on the event id). */
@Injectable()
@EventConsumer(NOTIFICATION_DATABASE)
export class NotificationEventsConsumer {
  constructor(private readonly planner: NotificationPlanner) {}

  @OnEvent({ subject: 'leads.>', name: 'leads-notifications' })
  onLeadsEvent(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    return this.planner.plan(event, tx);
  }

  @OnEvent({ subject: IDENTITY_INVITATION_CREATED, name: 'invitation-notifications' })
  onInvitation(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    return this.planner.plan(event, tx);
  }

  /** An unpublished listing: its broker or seller is told why. */
  @OnEvent({ subject: CATALOGUE_LISTING_REJECTED, name: 'listing-notifications' })
  onListingRejected(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    return this.planner.plan(event, tx);
  }

  /** A verification or password-reset link the person asked for. */
  @OnEvent({ subject: IDENTITY_ACCOUNT_LINK_REQUESTED, name: 'account-link-notifications' })
  onAccountLink(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    return this.planner.plan(event, tx);
  }

  /** A tax invoice or credit note: the owner gets it by e-mail. */
  @OnEvent({ subject: BILLING_INVOICE_ISSUED, name: 'invoice-notifications' })
  onInvoiceIssued(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    return this.planner.plan(event, tx);
  }

  @OnEvent({ subject: BILLING_BALANCE_LOW, name: 'low-balance-notifications' })
  onBalanceLow(event: DomainEvent<unknown>, tx: EntityManager): Promise<void> {
    return this.planner.plan(event, tx);
  }
}
