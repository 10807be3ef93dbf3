import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DECISION_DATABASE } from '../locations/locations.repository';
import type { TransactionRow } from './transaction.types';

const BATCH = 2000;

/** Every transactions query. Inserts skip records already stored (same source and record hash). */
@Injectable()
export class TransactionsRepository {
  constructor(@InjectDataSource(DECISION_DATABASE) private readonly dataSource: DataSource) {}

  /** Inserts the new rows and returns their record hashes; the rest were already stored (or repeated in the batch). */
  async insert(rows: TransactionRow[]): Promise<string[]> {
    return this.dataSource.transaction((manager) => insertRows(manager, rows));
  }

  async count(): Promise<number> {
    const rows = await this.dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM decision.transactions`);
    return Number(rows[0].n);
  }

  /**
   * Inserts `rows()` only when the table is empty, under a lock so replicas starting
   * together load once. Returns how many rows were inserted (0: there were transactions).
   */
  async insertIfEmpty(rows: () => TransactionRow[]): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('decision:transactions-demo'))`);
      const any = await manager.query<{ any: boolean }[]>(`SELECT EXISTS (SELECT 1 FROM decision.transactions) AS any`);
      return any[0].any ? 0 : (await insertRows(manager, rows())).length;
    });
  }
}

async function insertRows(manager: EntityManager, rows: TransactionRow[]): Promise<string[]> {
  const inserted: string[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const result = await manager.query<{ record_hash: string }[]>(
      `INSERT INTO decision.transactions
         (source, source_ref, record_hash, date, city_id, district_id, property_type, price_sar, area_sqm, price_per_sqm)
       SELECT s, r, h, d, c, di, t, p, a, round(p / a, 2)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::date[], $5::bigint[], $6::bigint[], $7::text[],
                   $8::numeric[], $9::numeric[]) AS u(s, r, h, d, c, di, t, p, a)
       ON CONFLICT ON CONSTRAINT transactions_record_uq DO NOTHING
       RETURNING record_hash`,
      [
        batch.map((row) => row.source),
        batch.map((row) => row.sourceRef),
        batch.map((row) => row.recordHash),
        batch.map((row) => row.date),
        batch.map((row) => String(row.cityId)),
        batch.map((row) => (row.districtId === null ? null : String(row.districtId))),
        batch.map((row) => row.propertyType),
        batch.map((row) => row.priceSar.toFixed(2)),
        batch.map((row) => row.areaSqm.toFixed(2)),
      ],
    );
    inserted.push(...result.map((row) => row.record_hash));
  }
  return inserted;
}
