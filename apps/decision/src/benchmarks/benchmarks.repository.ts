import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PropertyType } from '@app/contracts';
import { DECISION_DATABASE } from '../locations/locations.repository';
import {
  REFERENCE_VERSION_KEYS,
  bumpReferenceVersion,
  readReferenceVersion,
} from '../reference-data/reference-versions';

/** One stored benchmark row, numbers as numbers (not yet rounded for display). */
export interface BenchmarkRow {
  scope: 'city' | 'district';
  placeId: number;
  propertyType: PropertyType;
  year: number;
  medianSqm: number;
  p25Sqm: number;
  p75Sqm: number;
  meanSqm: number;
  areaP25Sqm: number;
  areaMedianSqm: number;
  areaP75Sqm: number;
  transactionCount: number;
  yoyPct: number | null;
}

/**
 * Benchmarks per (city, type, year) and (district, type, year), computed in PostgreSQL:
 * continuous percentiles of price per m² and of area, the mean price per m², the count, and
 * the median's change against the same place and type the year before (percent, one decimal).
 */
const RECOMPUTE_SQL = `
  WITH yearly AS (
    SELECT 'city'::text AS scope, city_id AS place_id, property_type, extract(year FROM date)::int AS year,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm) AS median_sqm,
           percentile_cont(0.25) WITHIN GROUP (ORDER BY price_per_sqm) AS p25_sqm,
           percentile_cont(0.75) WITHIN GROUP (ORDER BY price_per_sqm) AS p75_sqm,
           avg(price_per_sqm)::double precision AS mean_sqm,
           percentile_cont(0.25) WITHIN GROUP (ORDER BY area_sqm) AS area_p25_sqm,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY area_sqm) AS area_median_sqm,
           percentile_cont(0.75) WITHIN GROUP (ORDER BY area_sqm) AS area_p75_sqm,
           count(*)::int AS transaction_count
    FROM decision.transactions
    GROUP BY city_id, property_type, extract(year FROM date)
    UNION ALL
    SELECT 'district'::text, district_id, property_type, extract(year FROM date)::int,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm),
           percentile_cont(0.25) WITHIN GROUP (ORDER BY price_per_sqm),
           percentile_cont(0.75) WITHIN GROUP (ORDER BY price_per_sqm),
           avg(price_per_sqm)::double precision,
           percentile_cont(0.25) WITHIN GROUP (ORDER BY area_sqm),
           percentile_cont(0.5) WITHIN GROUP (ORDER BY area_sqm),
           percentile_cont(0.75) WITHIN GROUP (ORDER BY area_sqm),
           count(*)::int
    FROM decision.transactions
    WHERE district_id IS NOT NULL
    GROUP BY district_id, property_type, extract(year FROM date)
  )
  INSERT INTO decision.benchmarks
    (scope, place_id, property_type, year, median_sqm, p25_sqm, p75_sqm, mean_sqm,
     area_p25_sqm, area_median_sqm, area_p75_sqm, transaction_count, yoy_pct)
  SELECT cur.scope, cur.place_id, cur.property_type, cur.year, cur.median_sqm, cur.p25_sqm, cur.p75_sqm,
         cur.mean_sqm, cur.area_p25_sqm, cur.area_median_sqm, cur.area_p75_sqm, cur.transaction_count,
         round(((cur.median_sqm / prev.median_sqm - 1) * 100)::numeric, 1)
  FROM yearly cur
  LEFT JOIN yearly prev
    ON prev.scope = cur.scope AND prev.place_id = cur.place_id
   AND prev.property_type = cur.property_type AND prev.year = cur.year - 1`;

/** Every benchmarks query. */
@Injectable()
export class BenchmarksRepository {
  constructor(@InjectDataSource(DECISION_DATABASE) private readonly dataSource: DataSource) {}

  version(): Promise<number> {
    return readReferenceVersion(this.dataSource, REFERENCE_VERSION_KEYS.benchmarks);
  }

  /** Rebuilds every benchmark from the transactions and bumps the version, in one transaction. */
  async recompute(): Promise<{ version: number; rows: number }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('decision:benchmarks'))`);
      await manager.query(`DELETE FROM decision.benchmarks`);
      await manager.query(RECOMPUTE_SQL);
      const counted = await manager.query<{ n: string }[]>(`SELECT count(*) AS n FROM decision.benchmarks`);
      const version = await bumpReferenceVersion(manager, REFERENCE_VERSION_KEYS.benchmarks);
      return { version, rows: Number(counted[0].n) };
    });
  }

  /** Every benchmark with its version, read in one snapshot. */
  async load(): Promise<{ version: number; rows: BenchmarkRow[] }> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const version = await readReferenceVersion(manager, REFERENCE_VERSION_KEYS.benchmarks);
      const rows = await manager.query<
        {
          scope: 'city' | 'district';
          place_id: string;
          property_type: PropertyType;
          year: number;
          median_sqm: number;
          p25_sqm: number;
          p75_sqm: number;
          mean_sqm: number;
          area_p25_sqm: number;
          area_median_sqm: number;
          area_p75_sqm: number;
          transaction_count: number;
          yoy_pct: string | null;
        }[]
      >(
        `SELECT scope, place_id, property_type, year, median_sqm, p25_sqm, p75_sqm, mean_sqm,
                area_p25_sqm, area_median_sqm, area_p75_sqm, transaction_count, yoy_pct
         FROM decision.benchmarks`,
      );
      return {
        version,
        rows: rows.map((r) => ({
          scope: r.scope,
          placeId: Number(r.place_id),
          propertyType: r.property_type,
          year: r.year,
          medianSqm: r.median_sqm,
          p25Sqm: r.p25_sqm,
          p75Sqm: r.p75_sqm,
          meanSqm: r.mean_sqm,
          areaP25Sqm: r.area_p25_sqm,
          areaMedianSqm: r.area_median_sqm,
          areaP75Sqm: r.area_p75_sqm,
          transactionCount: r.transaction_count,
          yoyPct: r.yoy_pct === null ? null : Number(r.yoy_pct),
        })),
      };
    });
  }
}
