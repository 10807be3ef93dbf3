import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PropertyType } from '@app/contracts';
import type { TransactionSource } from './transaction.types';

/** One sale. bigint and numeric columns arrive as strings from pg; the repository converts. */
@Entity({ name: 'transactions' })
export class TransactionEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column('text')
  source: TransactionSource;

  @Column('text', { nullable: true })
  source_ref: string | null;

  @Column('text')
  record_hash: string;

  @Column('date')
  date: string;

  @Column('bigint')
  city_id: string;

  @Column('bigint', { nullable: true })
  district_id: string | null;

  @Column('text')
  property_type: PropertyType;

  @Column('numeric', { precision: 16, scale: 2 })
  price_sar: string;

  @Column('numeric', { precision: 12, scale: 2 })
  area_sqm: string;

  @Column('numeric', { precision: 14, scale: 2 })
  price_per_sqm: string;

  @Column('timestamptz')
  imported_at: Date;
}
