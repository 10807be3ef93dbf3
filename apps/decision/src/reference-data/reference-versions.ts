import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { EntityManager } from 'typeorm';

/**
 * One version per in-memory reference set of the decision service (the gazetteer, the
 * benchmarks): an import bumps it in its transaction, replicas reload when it moves.
 */
export const REFERENCE_VERSION_KEYS = { gazetteer: 'gazetteer_version', benchmarks: 'benchmarks_version' } as const;
export type ReferenceVersionKey = (typeof REFERENCE_VERSION_KEYS)[keyof typeof REFERENCE_VERSION_KEYS];

@Entity({ name: 'reference_versions' })
export class ReferenceVersionEntity {
  @PrimaryColumn('text')
  key: string;

  @Column('bigint')
  value: string;

  @Column('timestamptz')
  updated_at: Date;
}

type Queryable = Pick<EntityManager, 'query'>;

export async function readReferenceVersion(db: Queryable, key: ReferenceVersionKey): Promise<number> {
  const rows = await db.query<{ value: string }[]>(`SELECT value FROM decision.reference_versions WHERE key = $1`, [
    key,
  ]);
  return rows.length ? Number(rows[0].value) : 0;
}

/** In the import's transaction: the new version, seen by replicas once it commits. */
export async function bumpReferenceVersion(tx: Queryable, key: ReferenceVersionKey): Promise<number> {
  const rows = await tx.query<{ value: string }[]>(
    `INSERT INTO decision.reference_versions (key, value) VALUES ($1, 1)
     ON CONFLICT (key) DO UPDATE SET value = decision.reference_versions.value + 1, updated_at = now()
     RETURNING value`,
    [key],
  );
  return Number(rows[0].value);
}
