import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CATALOGUE_LISTING_PUBLISHED, CATALOGUE_LISTING_REJECTED } from '@app/contracts';
import type {
  ApproveListingRequest,
  ListingResponse,
  ListingsPageResponse,
  ModerationQueueRequest,
  RejectListingRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { ImageUrls } from '../listings/image-urls';
import { transition } from '../listings/listing-state';
import { toListingsPage } from '../listings/listing.dto';
import { ListingsRepository } from '../listings/listings.repository';
import type { ListingRow } from '../listings/listings.repository';
import { bulletColumns, ListingsService } from '../listings/listings.service';
import { PriceHistoryRepository } from '../listings/price-history.repository';
import { SavedSearchAlerts } from '../saved-searches/saved-search-alerts';

/**
 * The moderators' queue (pending listings, and published ones an edit flagged) and their
 * decisions; each decision is logged (who, when, why).
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly listingsService: ListingsService,
    private readonly urls: ImageUrls,
    private readonly priceHistory: PriceHistoryRepository,
    private readonly savedSearchAlerts: SavedSearchAlerts,
  ) {}

  async queue(request: ModerationQueueRequest): Promise<ListingsPageResponse> {
    const rows = await this.listings.awaitingReview(request.limit + 1, request.offset);
    const images = await this.listings.images(rows.map((row) => row.id));
    return toListingsPage(rows, images, (key) => this.urls.imageUrl(key), request.limit, request.offset);
  }

  /**
   * pending → published: listed_at set the first time, bullets written from the listing's
   * facts. A flagged published listing is kept as it is: its flag is cleared.
   */
  async approve(request: ApproveListingRequest): Promise<ListingResponse> {
    const row = await this.listings.transaction(async (tx) => {
      const current = await this.listings.findForModeration(tx, request.id);
      if (!current) throw notFound();
      if (current.status === 'published' && current.flagged_at) return this.keep(tx, current, request.moderator_id);
      transition(current.status, 'approve');
      const published = await this.listings.update(tx, current.id, {
        status: 'published',
        listed_at: current.listed_at ?? new Date(),
        rejection_reason: null,
        ...bulletColumns(current),
      });
      await this.listings.log(tx, {
        listing_id: current.id,
        moderator_id: request.moderator_id,
        action: 'approved',
        flags: current.flags,
      });
      // The first price of its history (or the price it returns with, when republished).
      await this.priceHistory.record(tx, published.id, published.price_sar);
      await this.savedSearchAlerts.published(tx, published);
      await this.listingsService.emit(tx, CATALOGUE_LISTING_PUBLISHED, published);
      return published;
    });
    return this.listingsService.present(row);
  }

  /** A flagged live edit the moderator accepts: the listing stays published, its findings count as seen. */
  private async keep(tx: EntityManager, current: ListingRow, moderatorId: string): Promise<ListingRow> {
    const flags = current.flags.filter((flag) => flag.code !== 'changed_after_publication');
    const kept = await this.listings.update(tx, current.id, { flagged_at: null, flags, ...bulletColumns(current) });
    await this.listings.log(tx, { listing_id: current.id, moderator_id: moderatorId, action: 'approved', flags });
    return kept;
  }

  /**
   * pending → rejected, or a flagged published listing → rejected (unpublished: off the
   * catalogue at once, the broker or seller told, the listing's inquiries left open). The
   * reason is shown to the owner.
   */
  async reject(request: RejectListingRequest): Promise<ListingResponse> {
    const reason = request.reason.trim();
    if (!reason) throw new AppError('validation_error', 'reason must not be blank.', { field: 'reason' });
    const row = await this.listings.transaction(async (tx) => {
      const current = await this.listings.findForModeration(tx, request.id);
      if (!current) throw notFound();
      transition(current.status, 'reject');
      const unpublished = current.status === 'published';
      // Only what awaits review: a reject racing an approval of the same pending listing must not unpublish it.
      if (unpublished && !current.flagged_at) throw notAwaitingReview();
      const rejected = await this.listings.update(tx, current.id, {
        status: 'rejected',
        rejection_reason: reason,
        flagged_at: null,
      });
      await this.listings.log(tx, {
        listing_id: current.id,
        moderator_id: request.moderator_id,
        action: unpublished ? 'unpublished' : 'rejected',
        reason,
        flags: current.flags,
      });
      await this.listingsService.emit(tx, CATALOGUE_LISTING_REJECTED, rejected, {
        reason,
        ...(unpublished ? { unpublished: true } : {}),
      });
      return rejected;
    });
    return this.listingsService.present(row);
  }
}

function notFound(): AppError {
  return new AppError('not_found', 'There is no such listing.');
}

function notAwaitingReview(): AppError {
  return new AppError(
    'invalid_state',
    'A published listing is unpublished while an edit of it awaits review (flagged); this one awaits nothing.',
    { state: 'published', details: { state: 'published', action: 'reject', flagged: false } },
  );
}
