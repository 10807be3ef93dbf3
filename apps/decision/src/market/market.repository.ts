import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MarketScope, MarketSource, PropertyType } from '@app/contracts';
import { DECISION_DATABASE } from '../locations/locations.repository';
import { REFERENCE_VERSION_KEYS, readReferenceVersion } from '../reference-data/reference-versions';

/** The column a place's sales are found by (indexed with the type and date). */
const PLACE_COLUMN: Record<MarketScope, string> = { district: 'district_id', city: 'city_id' };

export interface QuarterRow {
  property_type: PropertyType;
  quarter: string;
  median: number | null;
  count: number;
}

export interface WindowRow {
  property_type: PropertyType;
  window: 'current' | 'previous';
  median: number | null;
  count: number;
}

export interface SourceRow {
  source: MarketSource;
  count: number;
  first_date: string;
  last_date: string;
}

export interface PlaceSales {
  quarters: QuarterRow[];
  windows: WindowRow[];
  sources: SourceRow[];
}

/** Date bounds of one answer, YYYY-MM-DD, half-open. */
export interface MarketBounds {
  from: string;
  until: string;
  currentFrom: string;
  previousFrom: string;
}

/** Every market query: medians by percentile_cont over decision.transactions, read in one snapshot. */
@Injectable()
export class MarketRepository {
  constructor(@InjectDataSource(DECISION_DATABASE) private readonly dataSource: DataSource) {}

  /** The transactions' data version: every import recomputes the benchmarks and moves it. */
  version(): Promise<number> {
    return readReferenceVersion(this.dataSource, REFERENCE_VERSION_KEYS.benchmarks);
  }

  /** The date of the latest sale held, anywhere (null: none), with the version it belongs to. */
  async latestSale(): Promise<{ version: number; date: string | null }> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const version = await readReferenceVersion(manager, REFERENCE_VERSION_KEYS.benchmarks);
      const rows = await manager.query<{ latest: string | null }[]>(
        `SELECT max(date)::text AS latest FROM decision.transactions`,
      );
      return { version, date: rows[0].latest };
    });
  }

  /**
   * The place's sales in the bounds: median and count per type and quarter, per type over the
   * last four quarters and the four before, and per source; one snapshot, so they agree.
   */
  async placeSales(scope: MarketScope, id: number, bounds: MarketBounds): Promise<PlaceSales> {
    const column = PLACE_COLUMN[scope];
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const inWindow = `${column} = $1 AND date >= $2::date AND date < $3::date`;
      const quarters = await manager.query<QuarterRow[]>(
        `SELECT property_type,
                extract(year FROM date)::int || '-Q' || extract(quarter FROM date)::int AS quarter,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm)::double precision AS median,
                count(*)::int AS count
         FROM decision.transactions WHERE ${inWindow}
         GROUP BY 1, 2`,
        [String(id), bounds.from, bounds.until],
      );
      const windows = await manager.query<WindowRow[]>(
        `SELECT property_type,
                CASE WHEN date >= $4::date THEN 'current' ELSE 'previous' END AS window,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm)::double precision AS median,
                count(*)::int AS count
         FROM decision.transactions WHERE ${column} = $1 AND date >= $2::date AND date < $3::date
         GROUP BY 1, 2`,
        [String(id), bounds.previousFrom, bounds.until, bounds.currentFrom],
      );
      const sources = await manager.query<SourceRow[]>(
        `SELECT source, count(*)::int AS count, min(date)::text AS first_date, max(date)::text AS last_date
         FROM decision.transactions WHERE ${inWindow}
         GROUP BY source ORDER BY count(*) DESC, source`,
        [String(id), bounds.from, bounds.until],
      );
      return { quarters, windows, sources };
    });
  }
}
