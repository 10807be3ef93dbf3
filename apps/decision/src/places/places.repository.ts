import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CountryCode } from '@app/contracts';
import { DECISION_DATABASE } from '../locations/locations.repository';

/** The one fact about a place the in-memory index does not hold: its city's country. */
@Injectable()
export class PlacesRepository {
  constructor(@InjectDataSource(DECISION_DATABASE) private readonly dataSource: DataSource) {}

  async countryOfCity(cityId: number): Promise<CountryCode | null> {
    const rows = await this.dataSource.query<{ country_code: CountryCode }[]>(
      `SELECT country_code FROM decision.cities WHERE id = $1`,
      [cityId],
    );
    return rows[0]?.country_code ?? null;
  }
}
