import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One image of a listing (catalogue.listing_images): storage keys of the display size and the thumbnail. */
@Entity({ name: 'listing_images' })
export class ListingImageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  listing_id: string;

  /** 0-based order; unique per listing (checked at commit, so a reorder can swap). */
  @Column('int')
  position: number;

  @Column('text')
  display_key: string;

  @Column('text')
  thumb_key: string;

  @Column('int', { nullable: true })
  width: number | null;

  @Column('int', { nullable: true })
  height: number | null;

  @Column('int')
  bytes: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
