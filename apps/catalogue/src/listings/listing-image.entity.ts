import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { ImageColumns } from './image-columns';

/**
 * One image of a listing (catalogue.listing_images): storage keys of the display size and the
 * thumbnail. Its position is unique per listing (checked at commit, so a reorder can swap).
 */
@Entity({ name: 'listing_images' })
export class ListingImageEntity extends ImageColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  listing_id: string;
}
