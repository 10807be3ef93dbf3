import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'countries' })
export class CountryEntity {
  @PrimaryColumn('text')
  code: string;

  @Column('text')
  name_ar: string;

  @Column('text')
  name_en: string;
}

/** bigint columns arrive as strings from pg: the mappers convert (ids stay below 2^53). */
@Entity({ name: 'cities' })
export class CityEntity {
  @PrimaryColumn('bigint')
  id: string;

  @Column('text')
  country_code: string;

  @Column('text', { nullable: true })
  region: string | null;

  @Column('text')
  name_ar: string;

  @Column('text')
  name_en: string;

  @Column('timestamptz')
  updated_at: Date;
}

@Entity({ name: 'districts' })
export class DistrictEntity {
  @PrimaryColumn('bigint')
  id: string;

  @Column('bigint')
  city_id: string;

  @Column('text', { nullable: true })
  region: string | null;

  @Column('text')
  name_ar: string;

  @Column('text')
  name_en: string;

  @Column('timestamptz')
  updated_at: Date;
}

@Entity({ name: 'location_aliases' })
export class LocationAliasEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column('text')
  place: 'city' | 'district';

  @Column('bigint')
  place_id: string;

  @Column('text')
  alias: string;
}

export const LOCATION_ENTITIES = [CountryEntity, CityEntity, DistrictEntity, LocationAliasEntity];
