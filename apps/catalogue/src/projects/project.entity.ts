import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CountryCode, ListingTimeZone, ProjectStatus } from '@app/contracts';

/** One developer project (catalogue.projects); property names are the column names, as listings. */
@Entity({ name: 'projects' })
export class ProjectEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  workspace_id: string;

  @Column('uuid', { nullable: true })
  created_by: string | null;

  @Column('text')
  name_en: string;

  @Column('text')
  name_ar: string;

  @Column('text', { nullable: true })
  description_en: string | null;

  @Column('text', { nullable: true })
  description_ar: string | null;

  @Column('text', { default: 'off_plan' })
  status: ProjectStatus;

  /** Read as text (`handover_date::text`), so no time zone ever shifts the day. */
  @Column('date', { nullable: true })
  handover_date: string | null;

  @Column('text')
  country_code: CountryCode;

  @Column('bigint')
  city_id: string;

  @Column('bigint')
  district_id: string;

  @Column('text')
  city_en: string;

  @Column('text')
  city_ar: string;

  @Column('text')
  district_en: string;

  @Column('text')
  district_ar: string;

  @Column('text')
  time_zone: ListingTimeZone;

  @Column('text', { nullable: true })
  rega_licence_number: string | null;

  @Column('text', { nullable: true })
  dld_project_number: string | null;

  @Column('text', { nullable: true })
  escrow_account_number: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
