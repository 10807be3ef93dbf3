import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CATALOGUE_VERIFICATION_CHANGED } from '@app/contracts';
import type {
  BrokerPageData,
  BrokerPageRequest,
  VerificationChangedPayload,
  VerificationDecisionRequest,
  VerificationDocumentRequest,
  VerificationKind,
  VerificationQueueItem,
  VerificationQueueResponse,
  VerificationRef,
  VerificationResponse,
  VerificationStatus,
  VerificationSubmitRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { Outbox } from '@app/messaging';
import { CATALOGUE_DATABASE } from '../database/catalogue.database';

interface VerificationRow {
  workspace_id: string;
  status: VerificationStatus;
  kind: VerificationKind | null;
  number: string | null;
  document_key: string | null;
  reason: string | null;
  submitted_at: Date | null;
  reviewed_at: Date | null;
}

const UNVERIFIED = (workspaceId: string): VerificationRow => ({
  workspace_id: workspaceId,
  status: 'unverified',
  kind: null,
  number: null,
  document_key: null,
  reason: null,
  submitted_at: null,
  reviewed_at: null,
});

/**
 * unverified → pending (submission, with a document on file) → approved | rejected (reason);
 * a rejected workspace resubmits as often as it needs. Approved shows a verified badge.
 */
@Injectable()
export class VerificationService {
  constructor(
    @InjectDataSource(CATALOGUE_DATABASE) private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async get(request: VerificationRef): Promise<VerificationResponse> {
    return toResponse(
      (await this.find(this.dataSource.manager, request.workspace_id)) ?? UNVERIFIED(request.workspace_id),
    );
  }

  /** A new document replaces the previous one; it cannot change a submission under review or approved. */
  async setDocument(request: VerificationDocumentRequest): Promise<VerificationResponse> {
    return this.dataSource.transaction(async (tx) => {
      const current = await this.find(tx, request.workspace_id, true);
      if (current && (current.status === 'pending' || current.status === 'approved'))
        throw invalidState(current.status);
      const rows = await tx.query<VerificationRow[]>(
        `INSERT INTO catalogue.verifications (workspace_id, document_key) VALUES ($1, $2)
         ON CONFLICT (workspace_id) DO UPDATE SET document_key = EXCLUDED.document_key, updated_at = now()
         RETURNING *`,
        [request.workspace_id, request.document_key],
      );
      return toResponse(rows[0]);
    });
  }

  async submit(request: VerificationSubmitRequest): Promise<VerificationResponse> {
    return this.dataSource.transaction(async (tx) => {
      const current = await this.find(tx, request.workspace_id, true);
      if (current && (current.status === 'pending' || current.status === 'approved'))
        throw invalidState(current.status);
      if (!current?.document_key) {
        throw new AppError('validation_error', 'Upload the licence or register document first.', {
          field: 'document',
          nestedCode: 'MISSING_REQUIRED_FIELDS',
          details: { missing: ['document'] },
        });
      }
      const rows = await tx.query<VerificationRow[]>(
        `WITH changed AS (
           UPDATE catalogue.verifications SET status = 'pending', kind = $2, number = $3, reason = NULL,
                  submitted_at = now(), reviewed_at = NULL, reviewer_id = NULL, updated_at = now()
            WHERE workspace_id = $1 RETURNING *)
         SELECT * FROM changed`,
        [request.workspace_id, request.kind, request.number],
      );
      await this.emit(tx, rows[0]);
      return toResponse(rows[0]);
    });
  }

  /** Pending submissions, oldest first. */
  async queue(): Promise<VerificationQueueResponse> {
    const rows = await this.dataSource.query<VerificationRow[]>(
      `SELECT * FROM catalogue.verifications WHERE status = 'pending' ORDER BY submitted_at, workspace_id LIMIT 100`,
    );
    return { object: 'list', data: rows.map(toQueueItem) };
  }

  /** The document key of any workspace's record, for moderators. */
  async forModerator(request: VerificationRef): Promise<VerificationQueueItem> {
    const row = await this.find(this.dataSource.manager, request.workspace_id);
    if (!row) throw new AppError('not_found', 'This workspace has submitted no verification.');
    return toQueueItem(row);
  }

  async decide(request: VerificationDecisionRequest): Promise<VerificationQueueItem> {
    if (request.decision === 'reject' && !request.reason?.trim()) {
      throw new AppError('validation_error', 'Say why the verification is rejected.', { field: 'reason' });
    }
    return this.dataSource.transaction(async (tx) => {
      const current = await this.find(tx, request.workspace_id, true);
      if (!current) throw new AppError('not_found', 'This workspace has submitted no verification.');
      if (current.status !== 'pending') throw invalidState(current.status);
      const rows = await tx.query<VerificationRow[]>(
        `WITH changed AS (
           UPDATE catalogue.verifications SET status = $2, reason = $3, reviewed_at = now(), reviewer_id = $4,
                  updated_at = now()
            WHERE workspace_id = $1 RETURNING *)
         SELECT * FROM changed`,
        [
          request.workspace_id,
          request.decision === 'approve' ? 'approved' : 'rejected',
          request.decision === 'reject' ? request.reason!.trim() : null,
          request.moderator_id,
        ],
      );
      await this.emit(tx, rows[0]);
      return toQueueItem(rows[0]);
    });
  }

  /** The public broker page's catalogue part: the badge and the published listings, newest first. */
  async brokerPage(request: BrokerPageRequest): Promise<BrokerPageData> {
    const [status] = await this.dataSource.query<{ status: VerificationStatus }[]>(
      `SELECT status FROM catalogue.verifications WHERE workspace_id = $1`,
      [request.workspace_id],
    );
    const listings = await this.dataSource.query<{ id: string; total: number }[]>(
      `SELECT id, count(*) OVER ()::int AS total FROM catalogue.listings
        WHERE workspace_id = $1 AND status = 'published' ORDER BY listed_at DESC, id LIMIT 50`,
      [request.workspace_id],
    );
    return {
      verified: status?.status === 'approved',
      listing_count: listings[0]?.total ?? 0,
      listing_ids: listings.map((row) => row.id),
    };
  }

  private async find(tx: EntityManager, workspaceId: string, lock = false): Promise<VerificationRow | null> {
    const rows = await tx.query<VerificationRow[]>(
      `SELECT * FROM catalogue.verifications WHERE workspace_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [workspaceId],
    );
    return rows[0] ?? null;
  }

  private async emit(tx: EntityManager, row: VerificationRow): Promise<void> {
    await this.outbox.add<VerificationChangedPayload>(tx, CATALOGUE_VERIFICATION_CHANGED, {
      workspace_id: row.workspace_id,
      status: row.status,
      reason: row.reason,
      occurred_at: new Date().toISOString(),
    });
  }
}

function invalidState(status: VerificationStatus): AppError {
  return new AppError(
    'invalid_state',
    status === 'pending' ? 'The verification is under review.' : 'The workspace is already verified.',
    { state: status },
  );
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toResponse(row: VerificationRow): VerificationResponse {
  return {
    object: 'verification',
    status: row.status,
    kind: row.kind,
    number: row.number,
    document: row.document_key !== null,
    reason: row.reason,
    submitted_at: iso(row.submitted_at),
    reviewed_at: iso(row.reviewed_at),
  };
}

function toQueueItem(row: VerificationRow): VerificationQueueItem {
  return { ...toResponse(row), workspace_id: row.workspace_id, document_key: row.document_key };
}
