import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Currency, ProjectUnitStatus, UnitType } from '@app/contracts';

/** One unit of a project (catalogue.project_units); numeric columns come back as strings. */
@Entity({ name: 'project_units' })
export class ProjectUnitEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  project_id: string;

  @Column('text', { nullable: true })
  unit_ref: string | null;

  @Column('text')
  unit_type: UnitType;

  @Column('numeric', { precision: 10, scale: 2 })
  area_sqm: string;

  @Column('int', { nullable: true })
  bedrooms: number | null;

  @Column('int', { nullable: true })
  floor: number | null;

  @Column('numeric', { precision: 14, scale: 2 })
  price: string;

  @Column('text')
  currency: Currency;

  @Column('numeric', { precision: 14, scale: 2 })
  price_sar: string;

  @Column('text', { default: 'available' })
  status: ProjectUnitStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
