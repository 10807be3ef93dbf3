import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ListingType, MarketScope } from '@app/contracts';
import { CATALOGUE_DATABASE } from '../database/catalogue.database';

/** A listing whose asking price per sqm can be taken (AED prices are converted into price_sar at the peg). */
const PRICED = 'price_sar > 0 AND area_sqm > 0';

const PLACE_COLUMN: Record<MarketScope, string> = { district: 'district_id', city: 'city_id' };

export interface ListingTypeRow {
  property_type: ListingType;
  published_count: number;
  priced_count: number;
  median_asking_sqm: number | null;
}

/** Published listings of a place per type: how many, and their median asking price per sqm (SAR). */
@Injectable()
export class MarketListingsRepository {
  constructor(@InjectDataSource(CATALOGUE_DATABASE) private readonly dataSource: DataSource) {}

  byType(scope: MarketScope, id: number): Promise<ListingTypeRow[]> {
    return this.dataSource.query<ListingTypeRow[]>(
      `SELECT property_type,
              count(*)::int AS published_count,
              count(*) FILTER (WHERE ${PRICED})::int AS priced_count,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY price_sar / area_sqm)
                FILTER (WHERE ${PRICED})::double precision AS median_asking_sqm
       FROM catalogue.listings
       WHERE status = 'published' AND ${PLACE_COLUMN[scope]} = $1
       GROUP BY property_type ORDER BY property_type`,
      [String(id)],
    );
  }
}
