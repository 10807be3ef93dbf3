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

/**
 * An invitation to join a workspace: the notification service mails the invitee its accept
 * link. The accept token travels sealed (AES-256-GCM with INVITATION_TOKEN_KEY, which only
 * the gateway and the notification service hold), so neither the outbox, the broker nor a
 * dead letter shows it; null when the gateway has no key (no mail is sent then).
 */
export const IDENTITY_INVITATION_CREATED = 'identity.invitation.created.v1';

export interface InvitationCreatedPayload {
  invitation_id: string;
  workspace_id: string;
  workspace_name: string;
  /** The invitee's address (lower-cased). */
  email: string;
  role: 'admin' | 'agent';
  /** The invitee's language when they have an account, else the inviter's. */
  language: Language;
  inviter_name: string;
  expires_at: string;
  accept_token_sealed: string | null;
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
