import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CATALOGUE_SAVED_SEARCH_MATCHED } from '@app/contracts';
import type { SavedSearchEvent, SavedSearchMatchedPayload } from '@app/contracts';
import { Outbox } from '@app/messaging';
import type { ListingRow } from '../listings/listings.repository';
import { numberOrNull } from '../listings/listings.repository';
import type { RecordedPriceChange } from '../listings/price-history.repository';
import { SavedSearchesRepository } from './saved-searches.repository';

/**
 * What a publication or a price drop tells saved searches: in the transaction that made it, the
 * searches it matches are found and recorded (once per search, listing and event) and one
 * `catalogue.saved_search.matched.v1` per new match goes to the outbox, for the notification
 * service to alert their owners.
 */
@Injectable()
export class SavedSearchAlerts {
  constructor(
    private readonly searches: SavedSearchesRepository,
    private readonly outbox: Outbox,
  ) {}

  /** A listing was published (a republication alerts no search it alerted before). */
  published(tx: EntityManager, listing: ListingRow): Promise<number> {
    return this.alert(tx, listing, 'published', 0, null);
  }

  /** A published listing's price was recorded: a drop alerts the searches it now matches. */
  async repriced(tx: EntityManager, listing: ListingRow, change: RecordedPriceChange | null): Promise<number> {
    const price = numberOrNull(listing.price_sar);
    if (!change || change.previous_price_sar === null || price === null || price >= change.previous_price_sar) return 0;
    return this.alert(tx, listing, 'price_drop', change.id, change.previous_price_sar);
  }

  private async alert(
    tx: EntityManager,
    listing: ListingRow,
    event: SavedSearchEvent,
    occurrence: number,
    previousPrice: number | null,
  ): Promise<number> {
    const matched = await this.searches.match(tx, listing.id, event, occurrence);
    const at = new Date().toISOString();
    await this.outbox.addMany<SavedSearchMatchedPayload>(
      tx,
      CATALOGUE_SAVED_SEARCH_MATCHED,
      matched.map((search) => ({
        saved_search_id: search.id,
        account_id: search.account_id,
        name: search.name,
        frequency: search.frequency,
        listing_id: listing.id,
        event,
        title_en: listing.title_en,
        title_ar: listing.title_ar,
        price_sar: numberOrNull(listing.price_sar) ?? 0,
        previous_price_sar: previousPrice,
        matched_at: at,
      })),
    );
    return matched.length;
  }
}
