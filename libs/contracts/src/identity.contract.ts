import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsUUID } from '@app/validation';
import { WORKSPACE_ROLES } from './access';
import type { Language, WorkspaceRole } from './access';

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

/** Who to notify: accounts by id, and/or a workspace's members with the given roles. */
export const IDENTITY_RECIPIENTS_PATTERN = 'rpc.identity.recipients.v1';

export class RecipientsRequest {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  account_ids?: string[];

  @IsOptional()
  @IsUUID()
  workspace_id?: string;

  @IsOptional()
  @IsArray()
  @IsIn(WORKSPACE_ROLES, { each: true })
  roles?: WorkspaceRole[];
}

export interface Recipient {
  account_id: string;
  name: string;
  email: string;
  phone: string | null;
  language: Language;
}

export interface RecipientsResponse {
  recipients: Recipient[];
}
