import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IDENTITY_ACCOUNT_DELETED, IDENTITY_WORKSPACE_DELETED } from '@app/contracts';
import type { AccountDeletedPayload, WorkspaceDeletedPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { NOTIFICATION_DATABASE } from '../database/notification.database';

/**
 * What notification holds of a deleted account (inbox, preferences, push endpoints, the
 * messages and addresses it sent or meant to send) is erased; a deleted workspace's webhooks,
 * WhatsApp connection and open digests stop. Idempotent: deleting twice deletes nothing more.
 */
@Injectable()
@EventConsumer(NOTIFICATION_DATABASE)
export class IdentityErasureConsumer {
  @OnEvent({ subject: IDENTITY_ACCOUNT_DELETED, name: 'account-erasure' })
  async onAccountDeleted(event: DomainEvent<AccountDeletedPayload>, tx: EntityManager): Promise<void> {
    const accountId = event.payload.account_id;
    for (const table of ['inbox', 'preferences', 'push_subscriptions', 'deliveries', 'saved_search_alerts'])
      await tx.query(`DELETE FROM notification.${table} WHERE account_id = $1`, [accountId]);
  }

  @OnEvent({ subject: IDENTITY_WORKSPACE_DELETED, name: 'workspace-erasure' })
  async onWorkspaceDeleted(event: DomainEvent<WorkspaceDeletedPayload>, tx: EntityManager): Promise<void> {
    const workspaceId = event.payload.workspace_id;
    // Webhooks and their pending deliveries (cascade): nothing more is sent to the workspace's endpoints.
    await tx.query(`DELETE FROM notification.webhooks WHERE workspace_id = $1`, [workspaceId]);
    await tx.query(`DELETE FROM notification.whatsapp_connections WHERE workspace_id = $1`, [workspaceId]);
    await tx.query(`DELETE FROM notification.digests WHERE workspace_id = $1 AND sent_at IS NULL`, [workspaceId]);
    await tx.query(`DELETE FROM notification.deliveries WHERE workspace_id = $1 AND status = 'pending'`, [workspaceId]);
  }
}
