/** Identity's event subjects and payloads. */
export const IDENTITY_WORKSPACE_CREATED = 'identity.workspace.created.v1';

export interface WorkspaceCreatedPayload {
  workspace_id: string;
  kind: 'broker' | 'developer';
  broker_kind: 'individual' | 'company' | null;
  created_at: string;
  /** The standalone demo's workspace: billing grants it DEMO_DECISIONS instead of FREE_DECISIONS. */
  demo?: boolean;
}
