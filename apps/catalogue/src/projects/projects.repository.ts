import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ProjectSort, ProjectUnitStatus } from '@app/contracts';
import { uniqueViolation } from '@app/database';
import { AppError } from '@app/errors';
import { isUUID } from '@app/validation';
import { CATALOGUE_DATABASE } from '../database/catalogue.database';
import type { ProjectEntity } from './project.entity';
import type { ProjectUnitEntity } from './project-unit.entity';

/** Rows as the driver returns them (numeric and bigint as strings; handover_date as text). */
export type ProjectRow = ProjectEntity & { unit_count?: string };
export type UnitRow = ProjectUnitEntity & { listing_id: string | null; listing_status?: string | null };

export type ProjectWrite = Partial<Omit<ProjectRow, 'id' | 'workspace_id' | 'created_at' | 'updated_at'>>;
export type UnitWrite = Partial<Omit<UnitRow, 'id' | 'project_id' | 'created_at' | 'updated_at' | 'listing_id'>>;

const PROJECT_WRITABLE = new Set([
  'created_by',
  'name_en',
  'name_ar',
  'description_en',
  'description_ar',
  'status',
  'handover_date',
  'country_code',
  'city_id',
  'district_id',
  'city_en',
  'city_ar',
  'district_en',
  'district_ar',
  'time_zone',
  'rega_licence_number',
  'dld_project_number',
  'escrow_account_number',
]);
const UNIT_WRITABLE = new Set([
  'unit_ref',
  'unit_type',
  'area_sqm',
  'bedrooms',
  'floor',
  'price',
  'currency',
  'price_sar',
  'status',
]);

/** Every column, with the date as text: no time zone shifts a handover day. */
const PROJECT = `p.*, p.handover_date::text AS handover_date`;
/** A unit with the id of the listing made from it. */
const UNIT = `u.*, (SELECT l.id FROM catalogue.listings l WHERE l.unit_id = u.id) AS listing_id`;

/**
 * ICU's root collation sorts Arabic names as Arabic readers expect (and Latin ones as English
 * readers do); a build without ICU falls back to the database default.
 */
let collation: Promise<string> | undefined;

/** Every catalogue.projects and project_units query. */
@Injectable()
export class ProjectsRepository {
  constructor(@InjectDataSource(CATALOGUE_DATABASE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async insertProject(tx: EntityManager, workspaceId: string, values: ProjectWrite): Promise<ProjectRow> {
    const columns = entries(values, PROJECT_WRITABLE);
    const names = ['workspace_id', ...columns.map(([name]) => name)];
    const params = [workspaceId, ...columns.map(([, value]) => value)];
    const rows = await tx.query<ProjectRow[]>(
      `WITH p AS (INSERT INTO catalogue.projects (${names.map((n) => `"${n}"`).join(', ')})
         VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *)
       SELECT ${PROJECT}, 0 AS unit_count FROM p`,
      params,
    );
    return rows[0];
  }

  /** The workspace's project (any workspace's without one), or null; an id that is not a uuid is not found. */
  async findProject(
    workspaceId: string | undefined,
    id: string,
    tx?: EntityManager,
    lock = false,
  ): Promise<ProjectRow | null> {
    if (!isUUID(id)) return null;
    const rows = await (tx ?? this.dataSource).query<ProjectRow[]>(
      `SELECT ${PROJECT}, (SELECT count(*) FROM catalogue.project_units u WHERE u.project_id = p.id) AS unit_count
         FROM catalogue.projects p WHERE p.id = $1 AND ($2::uuid IS NULL OR p.workspace_id = $2)${lock ? ' FOR UPDATE OF p' : ''}`,
      [id, workspaceId ?? null],
    );
    return rows[0] ?? null;
  }

  async updateProject(tx: EntityManager, id: string, values: ProjectWrite): Promise<ProjectRow> {
    const columns = entries(values, PROJECT_WRITABLE);
    const sets = columns.map(([name], i) => `"${name}" = $${i + 2}`);
    const rows = await tx.query<ProjectRow[]>(
      `WITH p AS (UPDATE catalogue.projects SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING *)
       SELECT ${PROJECT}, (SELECT count(*) FROM catalogue.project_units u WHERE u.project_id = p.id) AS unit_count FROM p`,
      [id, ...columns.map(([, value]) => value)],
    );
    return rows[0];
  }

  async deleteProject(tx: EntityManager, id: string): Promise<void> {
    await tx.query(`DELETE FROM catalogue.projects WHERE id = $1`, [id]);
  }

  async pageProjects(workspaceId: string, sort: ProjectSort, limit: number, offset: number): Promise<ProjectRow[]> {
    const by = await this.collation();
    const order =
      sort === 'name_ar'
        ? `p.name_ar ${by}, p.id`
        : sort === 'name_en'
          ? `p.name_en ${by}, p.id`
          : 'p.created_at DESC, p.id DESC';
    return this.dataSource.query<ProjectRow[]>(
      `SELECT ${PROJECT}, (SELECT count(*) FROM catalogue.project_units u WHERE u.project_id = p.id) AS unit_count
         FROM catalogue.projects p WHERE p.workspace_id = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
      [workspaceId, limit, offset],
    );
  }

  /** Whether any listing of the project is published (the public page's condition). */
  async hasPublishedListing(projectId: string): Promise<boolean> {
    const rows = await this.dataSource.query<{ found: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM catalogue.listings WHERE project_id = $1 AND status = 'published') AS found`,
      [projectId],
    );
    return rows[0]?.found === true;
  }

  async insertUnit(tx: EntityManager, projectId: string, values: UnitWrite): Promise<UnitRow> {
    const columns = entries(values, UNIT_WRITABLE);
    const names = ['project_id', ...columns.map(([name]) => name)];
    const params = [projectId, ...columns.map(([, value]) => value)];
    const rows = await refTaken(() =>
      tx.query<UnitRow[]>(
        `WITH u AS (INSERT INTO catalogue.project_units (${names.map((n) => `"${n}"`).join(', ')})
           VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *)
         SELECT u.*, NULL::uuid AS listing_id FROM u`,
        params,
      ),
    );
    return rows[0];
  }

  async findUnit(tx: EntityManager | undefined, projectId: string, id: string, lock = false): Promise<UnitRow | null> {
    if (!isUUID(id)) return null;
    const rows = await (tx ?? this.dataSource).query<UnitRow[]>(
      `SELECT ${UNIT} FROM catalogue.project_units u WHERE u.id = $1 AND u.project_id = $2${lock ? ' FOR UPDATE OF u' : ''}`,
      [id, projectId],
    );
    return rows[0] ?? null;
  }

  async updateUnit(tx: EntityManager, id: string, values: UnitWrite): Promise<UnitRow> {
    const columns = entries(values, UNIT_WRITABLE);
    const sets = columns.map(([name], i) => `"${name}" = $${i + 2}`);
    const rows = await refTaken(() =>
      tx.query<UnitRow[]>(
        `WITH u AS (UPDATE catalogue.project_units SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING *)
         SELECT ${UNIT} FROM u`,
        [id, ...columns.map(([, value]) => value)],
      ),
    );
    return rows[0];
  }

  async deleteUnit(tx: EntityManager, id: string): Promise<void> {
    await tx.query(`DELETE FROM catalogue.project_units WHERE id = $1`, [id]);
  }

  /** A project's units, in the order they were added, with their listings' id and status. */
  async units(
    projectId: string,
    options: { status?: ProjectUnitStatus; limit?: number; offset?: number } = {},
  ): Promise<UnitRow[]> {
    return this.dataSource.query<UnitRow[]>(
      `SELECT u.*, l.id AS listing_id, l.status AS listing_status
         FROM catalogue.project_units u LEFT JOIN catalogue.listings l ON l.unit_id = u.id
        WHERE u.project_id = $1 AND ($2::text IS NULL OR u.status = $2)
        ORDER BY u.created_at, u.id LIMIT $3 OFFSET $4`,
      [projectId, options.status ?? null, options.limit ?? null, options.offset ?? 0],
    );
  }

  private collation(): Promise<string> {
    collation ??= this.dataSource
      .query<{ found: boolean }[]>(`SELECT EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') AS found`)
      .then((rows) => (rows[0]?.found ? 'COLLATE "und-x-icu"' : ''))
      .catch((err: unknown) => {
        collation = undefined;
        throw err;
      });
    return collation;
  }
}

function entries(values: object, writable: Set<string>): [string, unknown][] {
  return Object.entries(values).filter(([name, value]) => writable.has(name) && value !== undefined);
}

async function refTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === undefined) throw err;
    throw new AppError('conflict', 'Another unit of this project already has this unit_ref.', { field: 'unit_ref' });
  }
}
