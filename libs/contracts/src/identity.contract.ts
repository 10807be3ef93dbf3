import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsUUID } from '@app/validation';
import { WORKSPACE_ROLES } from './access';
import type { Language, WorkspaceRole } from './access';
import { rpc } from './rpc-descriptor';

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

/**
 * A link the account's owner asked for by e-mail: verify the address after sign-up, or reset
 * a forgotten password. The token travels sealed with INVITATION_TOKEN_KEY, as an
 * invitation's does (only the gateway and notification hold it); identity stores its hash.
 */
export const IDENTITY_ACCOUNT_LINK_REQUESTED = 'identity.account.link_requested.v1';

export const ACCOUNT_LINK_PURPOSES = ['email_verification', 'password_reset'] as const;
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];

export interface AccountLinkRequestedPayload {
  account_id: string;
  purpose: AccountLinkPurpose;
  /** Where the link goes: the account's address (lower-cased). */
  email: string;
  name: string;
  language: Language;
  expires_at: string;
  token_sealed: string | null;
}

/**
 * An account was deleted by its owner: every service erases or anonymises what it holds of
 * the person (leads keep the threads for the broker, the buyer shown as "deleted user").
 */
export const IDENTITY_ACCOUNT_DELETED = 'identity.account.deleted.v1';

export interface AccountDeletedPayload {
  account_id: string;
  deleted_at: string;
}

/**
 * A workspace was deleted by its owner: the catalogue unpublishes its listings, notification
 * stops its webhooks and WhatsApp. Billing keeps its ledger (accounting); identity has
 * already removed its members, invitations and API keys.
 */
export const IDENTITY_WORKSPACE_DELETED = 'identity.workspace.deleted.v1';

export interface WorkspaceDeletedPayload {
  workspace_id: string;
  deleted_at: string;
  /** The balance given up with the workspace: granted credits always, paid ones only with `forfeit_balance: true`. */
  forfeited: { decisions: number; lead_credits: number };
}

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

/** The gateway's identity calls the services make. */
export const IdentityRpc = {
  /** Who to notify: accounts by id, and/or a workspace's members with the given roles. */
  recipients: rpc<RecipientsRequest, RecipientsResponse>('rpc.identity.recipients.v1'),
};
