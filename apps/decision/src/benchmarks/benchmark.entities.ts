import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PropertyType } from '@app/contracts';

/** One (scope, place, type, year) of SAR per m² figures, rebuilt from transactions after each import. */
@Entity({ name: 'benchmarks' })
export class BenchmarkEntity {
  @PrimaryColumn('text')
  scope: 'city' | 'district';

  @PrimaryColumn('bigint')
  place_id: string;

  @PrimaryColumn('text')
  property_type: PropertyType;

  @PrimaryColumn('integer')
  year: number;

  @Column('double precision')
  median_sqm: number;

  @Column('double precision')
  p25_sqm: number;

  @Column('double precision')
  p75_sqm: number;

  @Column('double precision')
  mean_sqm: number;

  /** Area quartiles (m²) of the same sales: the size bucket's scale. */
  @Column('double precision')
  area_p25_sqm: number;

  @Column('double precision')
  area_median_sqm: number;

  @Column('double precision')
  area_p75_sqm: number;

  @Column('integer')
  transaction_count: number;

  @Column('numeric', { precision: 8, scale: 1, nullable: true })
  yoy_pct: string | null;
}
