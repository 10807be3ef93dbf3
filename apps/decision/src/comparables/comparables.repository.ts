import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MAX_COMPARABLES } from '@app/contracts';
import { DECISION_DATABASE } from '../locations/locations.repository';
import { areaBand } from './comparable-sales';
import type { ComparableRow, ComparablesQuery } from './comparable-sales';

/**
 * The newest sales of a comparable area in the district and in the city, one round trip, each
 * pool walking its (place, type, date) index backwards and stopping at MAX_COMPARABLES.
 * Only recorded figures are read: no reference, no parties.
 */
const COMPARABLES_SQL = `
  (SELECT 'district' AS pool, to_char(date, 'YYYY-MM-DD') AS date, area_sqm, price_sar, source, district_id
   FROM decision.transactions
   WHERE district_id = $1 AND property_type = $3 AND date >= make_date($4, 1, 1) AND date < make_date($4 + 1, 1, 1)
     AND area_sqm BETWEEN $5 AND $6
   ORDER BY date DESC, id DESC LIMIT $7)
  UNION ALL
  (SELECT 'city', to_char(date, 'YYYY-MM-DD'), area_sqm, price_sar, source, district_id
   FROM decision.transactions
   WHERE city_id = $2 AND property_type = $3 AND date >= make_date($4, 1, 1) AND date < make_date($4 + 1, 1, 1)
     AND area_sqm BETWEEN $5 AND $6
   ORDER BY date DESC, id DESC LIMIT $7)`;

@Injectable()
export class ComparablesRepository {
  constructor(@InjectDataSource(DECISION_DATABASE) private readonly dataSource: DataSource) {}

  /** District rows first, then city rows, each newest first. */
  candidates(query: ComparablesQuery): Promise<ComparableRow[]> {
    const band = areaBand(query.area);
    return this.dataSource.query<ComparableRow[]>(COMPARABLES_SQL, [
      query.districtId,
      query.cityId,
      query.type,
      query.year,
      band.min,
      band.max,
      MAX_COMPARABLES,
    ]);
  }
}
