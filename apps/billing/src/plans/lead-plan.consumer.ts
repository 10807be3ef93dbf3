import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IDENTITY_WORKSPACE_CREATED } from '@app/contracts';
import type { WorkspaceCreatedPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { BILLING_DATABASE } from '../database/billing.database';
import { PlansService } from './plans.service';

/** New broker workspaces join the default lead-credit plan. */
@Injectable()
@EventConsumer(BILLING_DATABASE)
export class LeadPlanConsumer {
  constructor(private readonly plans: PlansService) {}

  @OnEvent({ subject: IDENTITY_WORKSPACE_CREATED, name: 'lead-plan' })
  onWorkspaceCreated(event: DomainEvent<WorkspaceCreatedPayload>, tx: EntityManager): Promise<void> {
    return this.plans.subscribeNewWorkspace(tx, event.payload);
  }
}
