import { Injectable } from '@nestjs/common';
import type { ImportListingRow, ImportListingsRequest, ImportListingsResponse, ImportRowResult } from '@app/contracts';
import { AppError } from '@app/errors';
import { ListingsRepository } from './listings.repository';
import { ListingsService } from './listings.service';
import type { PlaceResolver } from './listings.service';

/**
 * One batch of a bulk import: each row created as a draft through POST /v1/listings' path, or,
 * when its external_ref is already the workspace's, applied to that listing as PATCH would
 * (an empty cell leaves the field as it is). Rows go one after another, so a file naming the
 * same external_ref twice updates the listing its first row created.
 */
@Injectable()
export class ListingImportService {
  constructor(
    private readonly listings: ListingsService,
    private readonly repository: ListingsRepository,
  ) {}

  async importBatch(request: ImportListingsRequest): Promise<ImportListingsResponse> {
    const places = this.listings.placeResolver(true);
    const results: ImportRowResult[] = [];
    for (const row of request.rows) results.push(await this.importRow(request, row, places));
    return { results };
  }

  private async importRow(
    request: ImportListingsRequest,
    { row, listing }: ImportListingRow,
    places: PlaceResolver,
  ): Promise<ImportRowResult> {
    const externalRef = listing.external_ref ?? null;
    try {
      const existing = externalRef
        ? await this.repository.findIdByExternalRef(request.workspace_id, externalRef)
        : null;
      if (existing) return await this.update(request.workspace_id, existing, row, listing, places);
      try {
        const created = await this.listings.createRow(
          { ...listing, workspace_id: request.workspace_id, created_by: request.created_by },
          places,
        );
        return { row, status: 'created', listing_id: created.id, external_ref: externalRef, errors: [] };
      } catch (err) {
        // Another request created this external_ref meanwhile: this row updates it instead.
        const raced = externalRef && err instanceof AppError && err.error === 'conflict';
        const id = raced ? await this.repository.findIdByExternalRef(request.workspace_id, externalRef) : null;
        if (!id) throw err;
        return await this.update(request.workspace_id, id, row, listing, places);
      }
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
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
  }

  private async update(
    workspaceId: string,
    id: string,
    row: number,
    listing: ImportListingRow['listing'],
    places: PlaceResolver,
  ): Promise<ImportRowResult> {
    const updated = await this.listings.updateRow({ ...listing, workspace_id: workspaceId, id }, places);
    return { row, status: 'updated', listing_id: updated.id, external_ref: updated.external_ref, errors: [] };
  }
}
