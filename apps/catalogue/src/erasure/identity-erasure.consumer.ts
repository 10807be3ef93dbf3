import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IDENTITY_ACCOUNT_DELETED, IDENTITY_WORKSPACE_DELETED } from '@app/contracts';
import type { AccountDeletedPayload, WorkspaceDeletedPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { CATALOGUE_DATABASE } from '../database/catalogue.database';

/**
 * A deleted account's saved properties go; a deleted workspace's listings leave the public
 * catalogue (published and pending ones back to draft, so nothing is served or moderated).
 * Idempotent.
 */
@Injectable()
@EventConsumer(CATALOGUE_DATABASE)
export class IdentityErasureConsumer {
  @OnEvent({ subject: IDENTITY_ACCOUNT_DELETED, name: 'account-erasure' })
  async onAccountDeleted(event: DomainEvent<AccountDeletedPayload>, tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM catalogue.saved_properties WHERE account_id = $1`, [event.payload.account_id]);
    await tx.query(`DELETE FROM catalogue.saved_searches WHERE account_id = $1`, [event.payload.account_id]);
  }

  @OnEvent({ subject: IDENTITY_WORKSPACE_DELETED, name: 'workspace-unpublish' })
  async onWorkspaceDeleted(event: DomainEvent<WorkspaceDeletedPayload>, tx: EntityManager): Promise<void> {
    await tx.query(
      `UPDATE catalogue.listings SET status = 'draft', updated_at = now()
        WHERE workspace_id = $1 AND status IN ('published', 'pending')`,
      [event.payload.workspace_id],
    );
  }
}
