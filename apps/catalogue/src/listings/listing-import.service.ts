import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { ImportListingRow, ImportListingsRequest, ImportListingsResponse, ImportRowResult } from '@app/contracts';
import { AppError } from '@app/errors';
import { ListingsRepository } from './listings.repository';
import { ListingsService } from './listings.service';
import type { PlaceResolver } from './listings.service';

/** PostgreSQL's deadlock_detected and serialization_failure: the batch ran into another writer, run it again. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * One batch of a bulk import: each row created as a draft through POST /v1/listings' path, or,
 * when its external_ref is already the workspace's, applied to that listing as PATCH would
 * (an empty cell leaves the field as it is). Rows go one after another, so a file naming the
 * same external_ref twice updates the listing its first row created.
 *
 * The batch is one transaction (one commit instead of one per row, which is what made imports
 * slow), and each row runs under a savepoint, so a row refused with a 4xx is undone alone and
 * reported while the others stand, exactly as when each row committed by itself.
 */
@Injectable()
export class ListingImportService {
  constructor(
    private readonly listings: ListingsService,
    private readonly repository: ListingsRepository,
  ) {}

  async importBatch(request: ImportListingsRequest): Promise<ImportListingsResponse> {
    const places = this.listings.placeResolver(true);
    for (let attempt = 1; ; attempt++) {
      try {
        const results = await this.repository.transaction((tx) => this.importRows(tx, request, places));
        return { results };
      } catch (err) {
        // Two imports naming the same references in a different order can deadlock; nothing of this batch stayed.
        if (attempt >= ATTEMPTS || !retryable(err)) throw err;
      }
    }
  }

  private async importRows(
    tx: EntityManager,
    request: ImportListingsRequest,
    places: PlaceResolver,
  ): Promise<ImportRowResult[]> {
    const refs = request.rows.map(({ listing }) => listing.external_ref).filter((ref) => ref !== undefined);
    const known = await this.repository.idsByExternalRef(tx, request.workspace_id, [...new Set(refs)]);
    const results: ImportRowResult[] = [];
    for (const item of request.rows) {
      await tx.query('SAVEPOINT import_row');
      try {
        const result = await this.importRow(tx, request, item, places, known);
        await tx.query('RELEASE SAVEPOINT import_row');
        if (result.external_ref !== null && result.listing_id) known.set(result.external_ref, result.listing_id);
        results.push(result);
      } catch (err) {
        await tx.query('ROLLBACK TO SAVEPOINT import_row');
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        results.push(failure(item.row, item.listing.external_ref ?? null, err));
      }
    }
    return results;
  }

  private async importRow(
    tx: EntityManager,
    request: ImportListingsRequest,
    { row, listing }: ImportListingRow,
    places: PlaceResolver,
    known: Map<string, string>,
  ): Promise<ImportRowResult> {
    const externalRef = listing.external_ref ?? null;
    const existing = externalRef ? known.get(externalRef) : undefined;
    if (existing) return this.update(tx, request.workspace_id, existing, row, listing, places);
    try {
      const created = await this.listings.createRow(
        { ...listing, workspace_id: request.workspace_id, created_by: request.created_by },
        places,
        tx,
      );
      return { row, status: 'created', listing_id: created.id, external_ref: externalRef, errors: [] };
    } catch (err) {
      // Another request created this external_ref meanwhile (the insert waited for its commit): update it instead.
      if (!externalRef || !(err instanceof AppError) || err.error !== 'conflict') throw err;
      await tx.query('ROLLBACK TO SAVEPOINT import_row'); // the failed insert aborted the row's work so far
      const raced = await this.repository.idsByExternalRef(tx, request.workspace_id, [externalRef]);
      const id = raced.get(externalRef);
      if (!id) throw err;
      return this.update(tx, request.workspace_id, id, row, listing, places);
    }
  }

  private async update(
    tx: EntityManager,
    workspaceId: string,
    id: string,
    row: number,
    listing: ImportListingRow['listing'],
    places: PlaceResolver,
  ): Promise<ImportRowResult> {
    const updated = await this.listings.updateRow({ ...listing, workspace_id: workspaceId, id }, places, tx);
    return { row, status: 'updated', listing_id: updated.id, external_ref: updated.external_ref, errors: [] };
  }
}

function failure(row: number, externalRef: string | null, err: AppError): ImportRowResult {
  return {
    row,
    status: 'failed',
    listing_id: null,
    external_ref: externalRef,
    errors: [
      {
        field: err.extras.field ?? null,
        error: err.error,
        message: err.message,
        ...(err.extras.suggestions ? { suggestions: err.extras.suggestions } : {}),
      },
    ],
  };
}

function retryable(err: unknown): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const code = (err.driverError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}
