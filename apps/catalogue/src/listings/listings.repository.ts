import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListingFlag, ListingOwner, ListingStatus, ModerationAction } from '@app/contracts';
import { uniqueViolation } from '@app/database';
import { AppError } from '@app/errors';
import { isUUID } from '@app/validation';
import { CATALOGUE_DATABASE } from '../database/catalogue.database';
import type { ListingEntity } from './listing.entity';
import type { ListingImageEntity } from './listing-image.entity';
import type { DuplicateCandidate } from './listing-flags';

/** A listing row as the driver returns it (numeric and bigint columns as strings). */
export type ListingRow = ListingEntity;
export type ListingImageRow = ListingImageEntity;

/** Columns a create or an edit writes. */
export type ListingWrite = Partial<
  Omit<
    ListingRow,
    'id' | 'workspace_id' | 'seller_id' | 'created_at' | 'updated_at' | 'flags' | 'ai_bullets_en' | 'ai_bullets_ar'
  >
> & { flags?: ListingFlag[]; ai_bullets_en?: string[]; ai_bullets_ar?: string[] };

const JSON_COLUMNS = new Set(['flags', 'ai_bullets_en', 'ai_bullets_ar']);
const WRITABLE = new Set([
  'created_by',
  'status',
  'property_type',
  'title_en',
  'title_ar',
  'description_en',
  'description_ar',
  'price',
  'currency',
  'price_sar',
  'country_code',
  'city_id',
  'district_id',
  'city_en',
  'city_ar',
  'district_en',
  'district_ar',
  'time_zone',
  'area_sqm',
  'bedrooms',
  'bathrooms',
  'lat',
  'lng',
  'external_ref',
  'licence_number',
  'rejection_reason',
  'flags',
  'ai_bullets_en',
  'ai_bullets_ar',
  'listed_at',
  'submitted_at',
  'flagged_at',
  'project_id',
  'unit_id',
]);

const EXTERNAL_REF_TAKEN = 'Another listing of this workspace already has this external_ref.';

/** `(workspace_id = $a OR seller_id = $b)`: the owner's own listings (the unused side is null, matching nothing). */
function ownerClause(first: number): string {
  return `(workspace_id = $${first} OR seller_id = $${first + 1})`;
}

function ownerParams(owner: ListingOwner): [string | null, string | null] {
  return [owner.workspace_id ?? null, owner.seller_id ?? null];
}

/** Every catalogue.listings, listing_images and moderation_log query. */
@Injectable()
export class ListingsRepository {
  constructor(@InjectDataSource(CATALOGUE_DATABASE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** `id`: one chosen beforehand (a unit's listing, whose image files are copied under it first); else generated. */
  async insert(owner: ListingOwner, values: ListingWrite, tx?: EntityManager, id?: string): Promise<ListingRow> {
    const columns: [string, unknown][] = [...(id ? [['id', id] as [string, unknown]] : []), ...writableEntries(values)];
    const names = ['workspace_id', 'seller_id', ...columns.map(([name]) => name)];
    const params = [...ownerParams(owner), ...columns.map(([name, value]) => toParam(name, value))];
    const rows = await translateExternalRef(() =>
      (tx ?? this.dataSource).query<ListingRow[]>(
        `INSERT INTO catalogue.listings (${names.map((n) => `"${n}"`).join(', ')})
         VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
        params,
      ),
    );
    return rows[0];
  }

  /** The owner's listing, or null (an id that is not a uuid is simply not found). */
  async find(owner: ListingOwner, id: string, tx?: EntityManager, lock = false): Promise<ListingRow | null> {
    if (!isUUID(id)) return null;
    const rows = await (tx ?? this.dataSource).query<ListingRow[]>(
      `SELECT * FROM catalogue.listings WHERE id = $1 AND ${ownerClause(2)}${lock ? ' FOR UPDATE' : ''}`,
      [id, ...ownerParams(owner)],
    );
    return rows[0] ?? null;
  }

  /** The ids of the workspace's listings with these external_refs (the bulk import's key), by external_ref. */
  async idsByExternalRef(tx: EntityManager, workspaceId: string, externalRefs: string[]): Promise<Map<string, string>> {
    if (externalRefs.length === 0) return new Map();
    const rows = await tx.query<{ id: string; external_ref: string }[]>(
      `SELECT id, external_ref FROM catalogue.listings WHERE workspace_id = $1 AND external_ref = ANY($2::text[])`,
      [workspaceId, externalRefs],
    );
    return new Map(rows.map((row) => [row.external_ref, row.id]));
  }

  /** Any owner's listing, unlocked: who owns it and what state it is in (the leads service asks). */
  async findAny(id: string): Promise<ListingRow | null> {
    const rows = await this.dataSource.query<ListingRow[]>(`SELECT * FROM catalogue.listings WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Any owner's listing, locked (moderation). */
  async findForModeration(tx: EntityManager, id: string): Promise<ListingRow | null> {
    if (!isUUID(id)) return null;
    const rows = await tx.query<ListingRow[]>(`SELECT * FROM catalogue.listings WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async update(tx: EntityManager, id: string, values: ListingWrite): Promise<ListingRow> {
    const columns = writableEntries(values);
    const sets = columns.map(([name], i) => `"${name}" = $${i + 2}`);
    const rows = await translateExternalRef(() =>
      tx.query<[ListingRow[], number]>(
        `UPDATE catalogue.listings SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING *`,
        [id, ...columns.map(([name, value]) => toParam(name, value))],
      ),
    );
    return rows[0][0];
  }

  async delete(tx: EntityManager, id: string): Promise<void> {
    await tx.query(`DELETE FROM catalogue.listings WHERE id = $1`, [id]);
  }

  async page(
    owner: ListingOwner,
    status: ListingStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<ListingRow[]> {
    return this.dataSource.query<ListingRow[]>(
      `SELECT * FROM catalogue.listings
        WHERE ${ownerClause(1)} AND ($3::text IS NULL OR status = $3)
        ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [...ownerParams(owner), status ?? null, limit, offset],
    );
  }

  /**
   * What awaits a moderator: pending listings and published ones an edit flagged, oldest
   * first (by submission, or by flag).
   */
  async awaitingReview(limit: number, offset: number): Promise<ListingRow[]> {
    return this.dataSource.query<ListingRow[]>(
      `SELECT * FROM catalogue.listings
        WHERE status = 'pending' OR (status = 'published' AND flagged_at IS NOT NULL)
        ORDER BY CASE WHEN status = 'pending' THEN submitted_at ELSE flagged_at END ASC, id ASC
        LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
  }

  /**
   * A seller's listings that count against the limit (any but rejected), counted under a
   * per-seller lock held until the transaction ends, so racing creates cannot pass it together.
   */
  async lockAndCountActive(tx: EntityManager, sellerId: string, exceptId?: string): Promise<number> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('catalogue.seller:' || $1, 0))`, [sellerId]);
    const rows = await tx.query<{ count: string }[]>(
      `SELECT count(*) AS count FROM catalogue.listings
        WHERE seller_id = $1 AND status <> 'rejected' AND ($2::uuid IS NULL OR id <> $2)`,
      [sellerId, exceptId ?? null],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async images(listingIds: string[]): Promise<ListingImageRow[]> {
    if (listingIds.length === 0) return [];
    return this.dataSource.query<ListingImageRow[]>(
      `SELECT * FROM catalogue.listing_images WHERE listing_id = ANY($1::uuid[]) ORDER BY listing_id, position`,
      [listingIds],
    );
  }

  /** The status of the developer project unit a listing was made from (null when there is none). */
  async unitStatus(tx: EntityManager, unitId: string): Promise<string | null> {
    const rows = await tx.query<{ status: string }[]>(`SELECT status FROM catalogue.project_units WHERE id = $1`, [
      unitId,
    ]);
    return rows[0]?.status ?? null;
  }

  async imageCount(tx: EntityManager, listingId: string): Promise<number> {
    const rows = await tx.query<{ count: string }[]>(
      `SELECT count(*) AS count FROM catalogue.listing_images WHERE listing_id = $1`,
      [listingId],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** The owner's other listings of the same place and type (near-duplicate candidates). */
  async samePlaceAndType(
    tx: EntityManager,
    listing: Pick<ListingRow, 'id' | 'workspace_id' | 'seller_id' | 'district_id' | 'property_type'>,
  ): Promise<DuplicateCandidate[]> {
    if (listing.district_id === null) return [];
    const rows = await tx.query<{ id: string; price_sar: string | null; area_sqm: string | null }[]>(
      `SELECT id, price_sar, area_sqm FROM catalogue.listings
        WHERE ${ownerClause(1)} AND district_id = $3 AND property_type = $4 AND id <> $5`,
      [listing.workspace_id, listing.seller_id, listing.district_id, listing.property_type, listing.id],
    );
    return rows.map((row) => ({
      id: row.id,
      price_sar: numberOrNull(row.price_sar),
      area_sqm: numberOrNull(row.area_sqm),
    }));
  }

  async log(
    tx: EntityManager,
    entry: {
      listing_id: string;
      moderator_id: string | null;
      action: ModerationAction;
      reason?: string | null;
      flags?: ListingFlag[] | null;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO catalogue.moderation_log (listing_id, moderator_id, action, reason, flags) VALUES ($1, $2, $3, $4, $5)`,
      [
        entry.listing_id,
        entry.moderator_id,
        entry.action,
        entry.reason ?? null,
        entry.flags ? JSON.stringify(entry.flags) : null,
      ],
    );
  }
}

export function numberOrNull(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

function writableEntries(values: ListingWrite): [string, unknown][] {
  return Object.entries(values).filter(([name, value]) => WRITABLE.has(name) && value !== undefined);
}

function toParam(name: string, value: unknown): unknown {
  return JSON_COLUMNS.has(name) ? JSON.stringify(value) : value;
}

async function translateExternalRef<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === undefined) throw err;
    throw new AppError('conflict', EXTERNAL_REF_TAKEN, { field: 'external_ref' });
  }
}
