import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IDENTITY_WORKSPACE_CREATED } from '@app/contracts';
import type { WorkspaceCreatedPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { BILLING_DATABASE } from '../database/billing.database';
import { LedgerService } from '../ledger/ledger.service';

/** New broker workspaces get the free allowance of decisions. */
@Injectable()
@EventConsumer(BILLING_DATABASE)
export class WelcomeGrantConsumer {
  constructor(private readonly ledger: LedgerService) {}

  @OnEvent({ subject: IDENTITY_WORKSPACE_CREATED, name: 'welcome-grant' })
  onWorkspaceCreated(event: DomainEvent<WorkspaceCreatedPayload>, tx: EntityManager): Promise<void> {
    return this.ledger.grantWelcome(tx, event.payload);
  }
}
