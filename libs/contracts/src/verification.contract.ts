import { IsIn, IsOptional, IsString, IsUUID, Length, Matches, MaxLength } from '@app/validation';
import { rpc } from './rpc-descriptor';

export const CATALOGUE_VERIFICATION_CHANGED = 'catalogue.verification.changed.v1';

export const VERIFICATION_STATUSES = ['unverified', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A REGA FAL broker licence (individuals), a commercial register (companies), or a Dubai RERA/ORN number. */
export const VERIFICATION_KINDS = ['fal_licence', 'commercial_register', 'rera_orn'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

export class VerificationRef {
  @IsUUID()
  workspace_id: string;
}

/** The document image, already checked and stored by the gateway under `document_key`. */
export class VerificationDocumentRequest extends VerificationRef {
  @IsString()
  @Length(1, 300)
  document_key: string;
}

export class VerificationSubmitRequest extends VerificationRef {
  @IsIn(VERIFICATION_KINDS)
  kind: VerificationKind;

  /** Digits (and for a register, letters): 4 to 20 characters. */
  @Matches(/^[A-Za-z0-9-]{4,20}$/, { message: 'number must be 4 to 20 letters or digits' })
  number: string;
}

export class VerificationDecisionRequest extends VerificationRef {
  @IsUUID()
  moderator_id: string;

  @IsIn(['approve', 'reject'])
  decision: 'approve' | 'reject';

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  reason?: string;
}

export class BrokerPageRequest {
  @IsUUID()
  workspace_id: string;
}

export interface VerificationResponse {
  object: 'verification';
  status: VerificationStatus;
  kind: VerificationKind | null;
  number: string | null;
  /** Whether a document image is on file (it is never served back but to moderators). */
  document: boolean;
  /** rejected: the moderator's reason. */
  reason: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
}

/** A moderator's view: the workspace and where its document is. */
export interface VerificationQueueItem extends VerificationResponse {
  workspace_id: string;
  document_key: string | null;
}

export interface VerificationQueueResponse {
  object: 'list';
  data: VerificationQueueItem[];
}

/** What the catalogue knows of a broker's public page: its badge and published listings. */
export interface BrokerPageData {
  verified: boolean;
  listing_count: number;
  listing_ids: string[];
}

export interface VerificationChangedPayload {
  workspace_id: string;
  status: VerificationStatus;
  reason: string | null;
  occurred_at: string;
}

/**
 * Broker verification (spec 3): a workspace submits its licence or company register with a
 * document image; moderators approve or reject; approved shows a verified badge.
 */
export const VerificationRpc = {
  get: rpc<VerificationRef, VerificationResponse>('rpc.catalogue.verification.get.v1'),
  addDocument: rpc<VerificationDocumentRequest, VerificationResponse>('rpc.catalogue.verification.document.v1'),
  submit: rpc<VerificationSubmitRequest, VerificationResponse>('rpc.catalogue.verification.submit.v1'),
  queue: rpc<Record<string, never>, VerificationQueueResponse>('rpc.catalogue.verification.queue.v1'),
  moderatorView: rpc<VerificationRef, VerificationQueueItem>('rpc.catalogue.verification.moderator-view.v1'),
  decide: rpc<VerificationDecisionRequest, VerificationQueueItem>('rpc.catalogue.verification.decide.v1'),
  brokerPage: rpc<BrokerPageRequest, BrokerPageData>('rpc.catalogue.broker-page.v1'),
};
