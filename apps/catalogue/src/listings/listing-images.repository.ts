import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUUID } from '@app/validation';
import type { ListingImageRow } from './listings.repository';

/** The writes on catalogue.listing_images (reads beside the listing's, in ListingsRepository). */
@Injectable()
export class ListingImagesRepository {
  async ofListing(tx: EntityManager, listingId: string): Promise<ListingImageRow[]> {
    return tx.query<ListingImageRow[]>(
      `SELECT * FROM catalogue.listing_images WHERE listing_id = $1 ORDER BY position`,
      [listingId],
    );
  }

  /** Appended after the listing's last image. */
  async append(
    tx: EntityManager,
    image: Pick<ListingImageRow, 'id' | 'listing_id' | 'display_key' | 'thumb_key' | 'width' | 'height' | 'bytes'>,
  ): Promise<ListingImageRow> {
    const rows = await tx.query<ListingImageRow[]>(
      `INSERT INTO catalogue.listing_images (id, listing_id, position, display_key, thumb_key, width, height, bytes)
       VALUES ($1, $2, (SELECT count(*) FROM catalogue.listing_images WHERE listing_id = $2), $3, $4, $5, $6, $7)
       RETURNING *`,
      [image.id, image.listing_id, image.display_key, image.thumb_key, image.width, image.height, image.bytes],
    );
    return rows[0];
  }

  /**
   * A new listing's images as copies of its project's: `copies[i]` has its files at `keys[i]`.
   * Sizes come from the project's rows; positions 0..n-1 in the order given, over the project
   * images still there (the project is locked by the caller, so none goes meanwhile).
   */
  async copyFromProject(
    tx: EntityManager,
    listingId: string,
    projectId: string,
    copies: { project_image_id: string; image_id: string; display_key: string; thumb_key: string }[],
  ): Promise<ListingImageRow[]> {
    if (copies.length === 0) return [];
    return tx.query<ListingImageRow[]>(
      `INSERT INTO catalogue.listing_images (id, listing_id, position, display_key, thumb_key, width, height, bytes)
       SELECT copy.id, $1, row_number() OVER (ORDER BY copy.n) - 1, copy.display_key, copy.thumb_key,
              source.width, source.height, source.bytes
         FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[])
                WITH ORDINALITY AS copy(source_id, id, display_key, thumb_key, n)
         JOIN catalogue.project_images AS source ON source.id = copy.source_id AND source.project_id = $2
       RETURNING *`,
      [
        listingId,
        projectId,
        copies.map((copy) => copy.project_image_id),
        copies.map((copy) => copy.image_id),
        copies.map((copy) => copy.display_key),
        copies.map((copy) => copy.thumb_key),
      ],
    );
  }

  /** Positions 0..n-1 in the order given (the position constraint is checked at commit, so swaps pass). */
  async reorder(tx: EntityManager, listingId: string, imageIds: string[]): Promise<void> {
    await tx.query(
      `UPDATE catalogue.listing_images AS image SET position = ordered.ordinality - 1
         FROM unnest($2::uuid[]) WITH ORDINALITY AS ordered(id, ordinality)
        WHERE image.listing_id = $1 AND image.id = ordered.id`,
      [listingId, imageIds],
    );
  }

  /** Deletes one image and closes the gap in the positions; null when the listing has no such image. */
  async delete(tx: EntityManager, listingId: string, imageId: string): Promise<ListingImageRow | null> {
    if (!isUUID(imageId)) return null;
    const rows = await tx.query<[ListingImageRow[], number]>(
      `DELETE FROM catalogue.listing_images WHERE listing_id = $1 AND id = $2 RETURNING *`,
      [listingId, imageId],
    );
    const deleted = rows[0][0];
    if (!deleted) return null;
    await tx.query(
      `UPDATE catalogue.listing_images SET position = position - 1 WHERE listing_id = $1 AND position > $2`,
      [listingId, deleted.position],
    );
    return deleted;
  }
}
