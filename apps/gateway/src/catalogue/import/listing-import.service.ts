import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  LISTING_IMPORT_BATCH_BYTES,
  LISTING_IMPORT_BATCH_ROWS,
  LISTING_IMPORT_MAX_BYTES,
  LISTING_IMPORT_MAX_ROWS,
  ListingsRpc,
} from '@app/contracts';
import type {
  ImportListingRow,
  ImportRowResult,
  ListingImportColumn,
  ListingImportReport,
  Principal,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { workspaceOf } from '../../identity/access/principal-workspace';
import { headerColumns, isBlankRow, listingFromRow } from './import-columns';
import { badFile, formatOf, sheetRows } from './import-sheet';
import type { ImportFormat } from './import-sheet';
import { spoolUpload } from '../../media/spooled-upload';

export interface ImportCaller {
  workspace_id: string;
  created_by?: string;
}

/**
 * POST /v1/listings/import: the upload is spooled to disk, read once to check the header and
 * count the rows (a bad or too large file creates nothing), then again, row by row, sending
 * the valid rows to the catalogue in batches. At most one batch of rows is held in memory.
 */
@Injectable()
export class ListingImportService {
  constructor(private readonly rpc: RpcClient) {}

  /** Rows become listings of the caller's workspace, created by the caller's account (none for an API key). */
  async import(principal: Principal, request: FastifyRequest): Promise<ListingImportReport> {
    const caller: ImportCaller = {
      workspace_id: workspaceOf(principal),
      ...(principal.accountId ? { created_by: principal.accountId } : {}),
    };
    const upload = await spoolUpload(request, LISTING_IMPORT_MAX_BYTES);
    try {
      const { format, delimiter } = await formatOf(upload.path);
      const rows = await this.check(upload.path, format, delimiter);
      const results = await this.run(caller, upload.path, format, delimiter);
      results.sort((a, b) => a.row - b.row);
      const count = (status: ImportRowResult['status']) => results.filter((r) => r.status === status).length;
      return {
        object: 'listing_import',
        format,
        rows,
        created: count('created'),
        updated: count('updated'),
        failed: count('failed'),
        results,
      };
    } finally {
      await upload.discard();
    }
  }

  /** First pass: the header is right and the data rows are within the cap (blank rows aside). */
  private async check(path: string, format: ImportFormat, delimiter: string): Promise<number> {
    let header = false;
    let rows = 0;
    for await (const { cells } of sheetRows(path, format, delimiter)) {
      if (!header) {
        headerColumns(cells);
        header = true;
      } else if (!isBlankRow(cells) && ++rows > LISTING_IMPORT_MAX_ROWS) {
        throw new AppError('payload_too_large', `A file holds at most ${LISTING_IMPORT_MAX_ROWS} rows; split it.`, {
          field: 'file',
          details: { max_rows: LISTING_IMPORT_MAX_ROWS },
        });
      }
    }
    if (!header) throw badFile('The file has no header row.');
    return rows;
  }

  /** Second pass: each row checked here, the valid ones created or updated by the catalogue. */
  private async run(
    caller: ImportCaller,
    path: string,
    format: ImportFormat,
    delimiter: string,
  ): Promise<ImportRowResult[]> {
    const results: ImportRowResult[] = [];
    let columns: (ListingImportColumn | null)[] | undefined;
    let batch: ImportListingRow[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const answer = await this.rpc.call(ListingsRpc.importBatch, { ...caller, rows: batch });
      results.push(...answer.results);
      batch = [];
      batchBytes = 0;
    };
    for await (const { row, cells } of sheetRows(path, format, delimiter)) {
      if (!columns) {
        columns = headerColumns(cells);
        continue;
      }
      if (isBlankRow(cells)) continue;
      const outcome = listingFromRow(columns, cells);
      if (outcome.errors) {
        const ref = cells[columns.indexOf('external_ref')];
        results.push({
          row,
          status: 'failed',
          listing_id: null,
          external_ref: ref === undefined || String(ref).trim() === '' ? null : String(ref).trim(),
          errors: outcome.errors,
        });
        continue;
      }
      batch.push({ row, listing: outcome.listing });
      batchBytes += JSON.stringify(outcome.listing).length;
      if (batch.length >= LISTING_IMPORT_BATCH_ROWS || batchBytes >= LISTING_IMPORT_BATCH_BYTES) await flush();
    }
    await flush();
    return results;
  }
}
