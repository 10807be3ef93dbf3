import type { EntityManager } from 'typeorm';
import { IDENTITY_WORKSPACE_CREATED } from '@app/contracts';
import type { WorkspaceCreatedPayload } from '@app/contracts';
import type { Outbox } from '@app/messaging';
import type { Workspace } from './workspace.entity';

export function workspaceCreatedPayload(
  workspace: Workspace,
  options: { demo?: boolean } = {},
): WorkspaceCreatedPayload {
  return {
    workspace_id: workspace.id,
    kind: workspace.kind,
    broker_kind: workspace.brokerKind,
    created_at: workspace.createdAt.toISOString(),
    ...(options.demo ? { demo: true } : {}),
  };
}

/**
 * In the creating transaction: billing grants the welcome allowance from this event (the
 * path that never loses it); WelcomeAllowance asks for it at once as well.
 */
export function recordWorkspaceCreated(
  outbox: Outbox,
  tx: EntityManager,
  workspace: Workspace,
  options: { demo?: boolean } = {},
): Promise<string> {
  return outbox.add<WorkspaceCreatedPayload>(
    tx,
    IDENTITY_WORKSPACE_CREATED,
    workspaceCreatedPayload(workspace, options),
  );
}
