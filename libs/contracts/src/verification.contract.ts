import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Length, Matches, MaxLength } from '@app/validation';
import type { PropertyItem } from './properties.contract';
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

/** POST /v1/workspace/verification body. */
export class SubmitVerificationBody {
  /** `fal_licence`: REGA FAL broker licence; `commercial_register`: a company register; `rera_orn`: Dubai */
  @IsIn(VERIFICATION_KINDS)
  kind: VerificationKind;

  /**
   * Digits (and for a register, letters): 4 to 20 characters
   * @example "1200012345"
   */
  @Matches(/^[A-Za-z0-9-]{4,20}$/, { message: 'number must be 4 to 20 letters or digits' })
  number: string;
}

export class VerificationSubmitRequest extends SubmitVerificationBody {
  @IsUUID()
  workspace_id: string;
}

/** POST /v1/moderation/verifications/{workspace_id}/approve body. */
export class ApproveVerificationBody {
  /** An optional note; not kept (the approval is what is recorded) */
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  note?: string;
}

/** POST /v1/moderation/verifications/{workspace_id}/reject body. */
export class RejectVerificationBody {
  /** Shown to the workspace */
  @IsString()
  @MaxLength(1000)
  reason: string;
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

export class VerificationResponse {
  /** Always `verification` */
  @IsIn(['verification'])
  object: 'verification';

  /** unverified → pending → approved | rejected (resubmit) */
  @IsIn(VERIFICATION_STATUSES)
  status: VerificationStatus;

  /** What was submitted; null before a submission */
  @IsOptional()
  @IsIn(VERIFICATION_KINDS)
  kind: VerificationKind | null;

  /** The licence or register number; null before a submission */
  number: string | null;

  /** A document image is on file (it is never served back but to moderators) */
  document: boolean;

  /** rejected: why */
  reason: string | null;

  /** When it was last submitted */
  @IsOptional()
  @IsISO8601()
  submitted_at: string | null;

  /** When a moderator last decided */
  @IsOptional()
  @IsISO8601()
  reviewed_at: string | null;
}

/** GET /v1/workspace/verification: the record and the workspace's public page. */
export class WorkspaceVerificationResponse extends VerificationResponse {
  /** Your public page: /v1/brokers/{slug} */
  broker_slug: string;
}

/** A moderator's view in the catalogue: the workspace and where its document is. */
export interface VerificationQueueItem extends VerificationResponse {
  workspace_id: string;
  document_key: string | null;
}

export interface VerificationQueueResponse {
  object: 'list';
  data: VerificationQueueItem[];
}

/** A submission as moderators see it over HTTP: the workspace by name, the document fetched by workspace. */
export class VerificationReviewResponse extends VerificationResponse {
  /** The submitting workspace */
  @IsUUID()
  workspace_id: string;

  /** Its name */
  workspace_name: string;
}

/** GET /v1/moderation/verifications. */
export class VerificationReviewsResponse {
  /** Always `list` */
  @IsIn(['list'])
  object: 'list';

  /** Pending submissions, oldest first */
  data: VerificationReviewResponse[];
}

/** What the catalogue knows of a broker's public page: its badge and published listings. */
export interface BrokerPageData {
  verified: boolean;
  listing_count: number;
  listing_ids: string[];
}

/** GET /v1/brokers/{slug}: a broker workspace's public page. */
export class BrokerPageResponse {
  /** Always `broker` */
  @IsIn(['broker'])
  object: 'broker';

  /** Its address: /v1/brokers/{slug} */
  slug: string;

  /** The workspace name, as the broker wrote it (Arabic or English) */
  name: string;

  /** An individual broker or a company; null when not said */
  @IsOptional()
  @IsIn(['individual', 'company'])
  broker_kind: 'individual' | 'company' | null;

  /** The verified badge: the licence or register was approved by a moderator */
  verified: boolean;

  /** Published listings in all */
  @IsInt()
  listing_count: number;

  /** The newest published listings (at most 20) */
  properties: PropertyItem[];
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
