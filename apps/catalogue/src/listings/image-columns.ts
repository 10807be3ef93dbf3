import { Column, CreateDateColumn } from 'typeorm';

/**
 * The columns every image table of the catalogue has (listing_images, project_images): its
 * place in the owner's order and the storage keys and size of its display file and thumbnail.
 * Each table keeps its own id and owner column.
 */
export abstract class ImageColumns {
  /** 0-based order within the owner. */
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
