import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { listingImageKeys } from '@app/contracts';
import { DecisionClient } from '../listings/decision.client';
import { ListingImagesRepository } from '../listings/listing-images.repository';
import { ListingsRepository } from '../listings/listings.repository';
import type { ListingRow } from '../listings/listings.repository';
import { PriceHistoryRepository } from '../listings/price-history.repository';
import { DEMO_PLACES, demoListings } from './demo-listings';
import type { DemoListing } from './demo-listings';

/** A stored picture of a demo listing, as the image store keeps an upload (ids and sizes). */
export interface DemoPicture {
  image_id: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Stores one picture of the listing that will have `listingId` (the `index`-th of the
 * catalogue) and says what was stored: the standalone entry point passes the gateway's image
 * store here, so the demo's images are files like any upload's.
 */
export type DemoPhotographer = (listingId: string, listing: DemoListing, index: number) => Promise<DemoPicture>;

/**
 * The standalone demo's catalogue: published listings of the demo broker workspace across
 * Riyadh, Jeddah, Dammam and Dubai, so GET /v1/properties answers something on a fresh start.
 * Run once, right after the demo workspace is created; places resolved by the decision service.
 * Each listing gets one picture (publishing needs one) when a photographer is given.
 */
@Injectable()
export class CatalogueDemoSeed {
  private readonly logger = new Logger(CatalogueDemoSeed.name);

  constructor(
    private readonly listings: ListingsRepository,
    private readonly images: ListingImagesRepository,
    private readonly decision: DecisionClient,
    private readonly priceHistory: PriceHistoryRepository,
  ) {}

  /** `brokerId`: the member the listings are from (their phone is the one buyers reveal). */
  async run(
    workspaceId: string,
    brokerId: string,
    photographer?: DemoPhotographer,
    now = new Date(),
  ): Promise<ListingRow[]> {
    const created: ListingRow[] = [];
    for (const [index, { city, districts }] of DEMO_PLACES.entries()) {
      const places = await Promise.all(districts.map((district) => this.decision.resolvePlace({ city, district })));
      for (const listing of demoListings(city, places, now, index + 1)) {
        const id = randomUUID();
        const picture = photographer ? await photographer(id, listing, created.length) : null;
        created.push(
          await this.listings.transaction(async (tx) => {
            const row = await this.listings.insert(
              { workspace_id: workspaceId },
              { ...listing, created_by: brokerId },
              tx,
              id,
            );
            // Published straight away: its first price starts its history, as an approval's does.
            await this.priceHistory.record(tx, id, row.price_sar);
            if (picture) {
              const keys = listingImageKeys(id, picture.image_id);
              await this.images.append(tx, {
                id: picture.image_id,
                listing_id: id,
                display_key: keys.display,
                thumb_key: keys.thumbnail,
                width: picture.width,
                height: picture.height,
                bytes: picture.bytes,
              });
            }
            return row;
          }),
        );
      }
    }
    this.logger.log(
      { listings: created.length, pictures: photographer ? created.length : 0 },
      'Demo catalogue published',
    );
    return created;
  }
}
