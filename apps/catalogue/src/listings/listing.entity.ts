import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Currency, ListingFlag, ListingStatus, ListingType } from '@app/contracts';

/**
 * One listing (catalogue.listings). Property names are the column names, so raw SQL rows and
 * entities read alike; numeric columns come back from the driver as strings.
 */
@Entity({ name: 'listings' })
export class ListingEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The owning workspace; null for a seller's own listing (then `seller_id`). Exactly one is set. */
  @Column('uuid', { nullable: true })
  workspace_id: string | null;

  /** The seller account that owns it (spec 1: sellers list their own property, without a workspace). */
  @Column('uuid', { nullable: true })
  seller_id: string | null;

  /** The account that created it; null for API keys. Never returned. */
  @Column('uuid', { nullable: true })
  created_by: string | null;

  @Column('text', { default: 'draft' })
  status: ListingStatus;

  @Column('text')
  property_type: ListingType;

  @Column('text', { nullable: true })
  title_en: string | null;

  @Column('text', { nullable: true })
  title_ar: string | null;

  @Column('text', { nullable: true })
  description_en: string | null;

  @Column('text', { nullable: true })
  description_ar: string | null;

  @Column('numeric', { precision: 14, scale: 2, nullable: true })
  price: string | null;

  @Column('text', { default: 'SAR' })
  currency: Currency;

  /** `price` in SAR (AED at the peg), what search filters and sorts on. */
  @Column('numeric', { precision: 14, scale: 2, nullable: true })
  price_sar: string | null;

  @Column('text', { nullable: true })
  country_code: 'SA' | 'AE' | null;

  @Column('bigint', { nullable: true })
  city_id: string | null;

  @Column('bigint', { nullable: true })
  district_id: string | null;

  @Column('text', { nullable: true })
  city_en: string | null;

  @Column('text', { nullable: true })
  city_ar: string | null;

  @Column('text', { nullable: true })
  district_en: string | null;

  @Column('text', { nullable: true })
  district_ar: string | null;

  @Column('text', { nullable: true })
  time_zone: 'Asia/Riyadh' | 'Asia/Dubai' | null;

  @Column('numeric', { precision: 10, scale: 2, nullable: true })
  area_sqm: string | null;

  @Column('int', { nullable: true })
  bedrooms: number | null;

  @Column('int', { nullable: true })
  bathrooms: number | null;

  @Column('double precision', { nullable: true })
  lat: number | null;

  @Column('double precision', { nullable: true })
  lng: number | null;

  /** The bulk import's idempotency key, unique per workspace. */
  @Column('text', { nullable: true })
  external_ref: string | null;

  @Column('text', { nullable: true })
  licence_number: string | null;

  @Column('text', { nullable: true })
  rejection_reason: string | null;

  /** Automated pre-moderation findings, computed at submit. */
  @Column('jsonb', { default: () => `'[]'` })
  flags: ListingFlag[];

  @Column('jsonb', { default: () => `'[]'` })
  ai_bullets_en: string[];

  @Column('jsonb', { default: () => `'[]'` })
  ai_bullets_ar: string[];

  /** The developer project and unit this listing was made from (POST /v1/projects/{id}/units/{unit_id}/listing). */
  @Column('uuid', { nullable: true })
  project_id: string | null;

  @Column('uuid', { nullable: true })
  unit_id: string | null;

  /** A published listing's edit that the automated checks flagged to moderators; null once reviewed. */
  @Column('timestamptz', { nullable: true })
  flagged_at: Date | null;

  /** First publication; drives sort=newest. */
  @Column('timestamptz', { nullable: true })
  listed_at: Date | null;

  @Column('timestamptz', { nullable: true })
  submitted_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
