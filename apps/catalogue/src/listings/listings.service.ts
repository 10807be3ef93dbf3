import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CATALOGUE_LISTING_DELETED,
  CATALOGUE_LISTING_SUBMITTED,
  CATALOGUE_LISTING_UPDATED,
  SELLER_LISTING_LIMIT,
  priceInSar,
} from '@app/contracts';
import type {
  CreateListingRequest,
  Currency,
  ListingDeletedResponse,
  ListingEventPayload,
  ListingFieldsInput,
  ListingFlag,
  ListingOwner,
  ListingOwnerRequest,
  ListingOwnerResponse,
  ListingRefRequest,
  ListingResponse,
  ListingsPageResponse,
  ListListingsRequest,
  ResolvedPlace,
  UpdateListingRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { Outbox } from '@app/messaging';
import { DecisionClient } from './decision.client';
import { ImageUrls } from './image-urls';
import { listingBullets } from './listing-bullets';
import { changedAfterPublication, computeFlags, freshFindings } from './listing-flags';
import { assertRoomsFitType, assertSubmittable, transition } from './listing-state';
import { toListingResponse, toListingsPage } from './listing.dto';
import { ListingsRepository, numberOrNull } from './listings.repository';
import type { ListingRow, ListingWrite } from './listings.repository';
import { SavedSearchAlerts } from '../saved-searches/saved-search-alerts';
import { PriceHistoryRepository } from './price-history.repository';

const PLACE_FIELDS = ['district_id', 'city_id', 'city', 'district'] as const;

/** The place a listing's fields name, or null when they name none. */
export type PlaceResolver = (request: ListingFieldsInput) => Promise<ResolvedPlace | null>;

/** An owner's listings (a workspace's or a seller's): drafts, edits, submission with automated checks, deletion. */
@Injectable()
export class ListingsService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly decision: DecisionClient,
    private readonly outbox: Outbox,
    private readonly urls: ImageUrls,
    private readonly priceHistory: PriceHistoryRepository,
    private readonly savedSearchAlerts: SavedSearchAlerts,
  ) {}

  async create(request: CreateListingRequest): Promise<ListingResponse> {
    const sellerId = request.seller_id;
    if (!sellerId) return this.present(await this.createRow(request));
    // The place is asked before the seller's lock, which then spans a count and an insert, not a
    // round trip to the decision service: racing creates would otherwise queue behind each other's RPCs.
    const places = this.placeResolver(true);
    await places(request);
    const row = await this.listings.transaction(async (tx) => {
      assertRoomForSeller(await this.listings.lockAndCountActive(tx, sellerId));
      return this.createRow(request, places, tx);
    });
    return this.present(row);
  }

  /**
   * The creation path (land rules, place, AED peg) without the answer's image lookup: the bulk
   * import's too, which passes its batch's transaction.
   */
  async createRow(
    request: CreateListingRequest,
    places: PlaceResolver = this.placeResolver(),
    tx?: EntityManager,
    id?: string,
  ): Promise<ListingRow> {
    assertRoomsFitType(request.property_type, request.bedrooms ?? null, request.bathrooms ?? null);
    const place = await places(request);
    const currency = request.currency ?? 'SAR';
    return this.listings.insert(
      ownerOf(request),
      {
        ...plainFields(request),
        created_by: request.created_by ?? null,
        property_type: request.property_type,
        currency,
        price: request.price === undefined ? undefined : String(request.price),
        price_sar: request.price === undefined ? undefined : String(priceInSar(request.price, currency)),
        ...(place ? placeColumns(place) : {}),
      },
      tx,
      id,
    );
  }

  async get(request: ListingRefRequest): Promise<ListingResponse> {
    return this.present(await this.mustFind(ownerOf(request), request.id));
  }

  async list(request: ListListingsRequest): Promise<ListingsPageResponse> {
    const rows = await this.listings.page(ownerOf(request), request.status, request.limit + 1, request.offset);
    const images = await this.listings.images(rows.map((row) => row.id));
    return toListingsPage(rows, images, (key) => this.urls.imageUrl(key), request.limit, request.offset);
  }

  /**
   * Draft and rejected listings change freely; a published one changes live (spec 3), and what
   * the automated checks newly find on it is flagged to the moderators.
   */
  async update(request: UpdateListingRequest): Promise<ListingResponse> {
    return this.present(await this.updateRow(request));
  }

  /**
   * The edit path without the answer's image lookup: the bulk import's re-import too, which
   * passes its batch's transaction (otherwise the edit is a transaction of its own).
   */
  async updateRow(
    request: UpdateListingRequest,
    places: PlaceResolver = this.placeResolver(),
    batch?: EntityManager,
  ): Promise<ListingRow> {
    const place = await places(request);
    const inTransaction = <T>(work: (tx: EntityManager) => Promise<T>) =>
      batch ? work(batch) : this.listings.transaction(work);
    return inTransaction(async (tx) => {
      const current = await this.listings.find(ownerOf(request), request.id, tx, true);
      if (!current) throw notFound();
      transition(current.status, 'edit');
      const changes = editOf(request, current, place);
      const changed = Object.keys(definedOnly(changes));
      if (changed.length === 0) return current; // an empty PATCH changes nothing and tells no one
      const next: ListingRow = { ...current, ...definedOnly(changes) };
      // A live edit's bullets follow its new facts (price, rooms, place).
      const live = current.status === 'published' ? bulletColumns(next) : {};
      const updated = await this.listings.update(tx, current.id, { ...changes, ...live });
      if (current.status !== 'published') {
        await this.emit(tx, CATALOGUE_LISTING_UPDATED, updated, { changed });
        return updated;
      }
      // A live price change joins the history in the edit's own transaction.
      if (updated.price_sar !== current.price_sar) {
        const change = await this.priceHistory.record(tx, updated.id, updated.price_sar);
        await this.savedSearchAlerts.repriced(tx, updated, change);
      }
      return this.reviewLiveEdit(tx, current, updated, changed);
    });
  }

  /**
   * A published listing's edit is live already; the automated checks run on it, and findings
   * the moderators had not seen on it (by code) flag it to them: the `changed_after_publication`
   * flag first, then every finding, until a moderator keeps it or unpublishes it. While it
   * awaits review, each edit refreshes the findings the moderator will see.
   */
  private async reviewLiveEdit(
    tx: EntityManager,
    before: ListingRow,
    after: ListingRow,
    changed: string[],
  ): Promise<ListingRow> {
    const findings = await this.flagsFor(tx, after);
    const fresh = freshFindings(before.flags, findings).length > 0;
    const awaiting = before.flagged_at !== null;
    if (!fresh && !awaiting) {
      await this.emit(tx, CATALOGUE_LISTING_UPDATED, after, { changed });
      return after;
    }
    const flags = [changedAfterPublication(changed, awaiting ? before.flags : []), ...findings];
    const flagged = await this.listings.update(tx, after.id, { flags, flagged_at: before.flagged_at ?? new Date() });
    if (fresh) await this.listings.log(tx, { listing_id: after.id, moderator_id: null, action: 'flagged', flags });
    await this.emit(tx, CATALOGUE_LISTING_UPDATED, flagged, { changed, flags });
    return flagged;
  }

  async delete(request: ListingRefRequest): Promise<ListingDeletedResponse> {
    await this.listings.transaction(async (tx) => {
      const current = await this.listings.find(ownerOf(request), request.id, tx, true);
      if (!current) throw notFound();
      transition(current.status, 'delete');
      await this.listings.delete(tx, current.id);
      await this.emit(tx, CATALOGUE_LISTING_DELETED, current);
    });
    return { object: 'listing', id: request.id, deleted: true };
  }

  /** draft | rejected → pending, once complete; the automated checks' flags go to the moderators. */
  async submit(request: ListingRefRequest): Promise<ListingResponse> {
    const row = await this.listings.transaction(async (tx) => {
      const current = await this.listings.find(ownerOf(request), request.id, tx, true);
      if (!current) throw notFound();
      transition(current.status, 'submit');
      // A rejected listing counts again once resubmitted.
      if (current.seller_id && current.status === 'rejected') {
        assertRoomForSeller(await this.listings.lockAndCountActive(tx, current.seller_id, current.id));
      }
      // A listing withdrawn because its project unit was sold stays out of the catalogue.
      if (current.unit_id && (await this.listings.unitStatus(tx, current.unit_id)) === 'sold') {
        throw new AppError('invalid_state', 'The project unit of this listing is sold.', { state: 'sold' });
      }
      assertSubmittable({
        title_en: current.title_en,
        title_ar: current.title_ar,
        price: numberOrNull(current.price),
        area_sqm: numberOrNull(current.area_sqm),
        district_id: numberOrNull(current.district_id),
        image_count: await this.listings.imageCount(tx, current.id),
      });
      const flags = await this.flagsFor(tx, current);
      const submitted = await this.listings.update(tx, current.id, {
        status: 'pending',
        submitted_at: new Date(),
        rejection_reason: null,
        flags,
      });
      await this.listings.log(tx, { listing_id: current.id, moderator_id: null, action: 'submitted', flags });
      await this.emit(tx, CATALOGUE_LISTING_SUBMITTED, submitted, { flags });
      return submitted;
    });
    return this.present(row);
  }

  /** The automated pre-moderation checks (price band, area, near-duplicates, licence). */
  async flagsFor(tx: EntityManager, listing: ListingRow): Promise<ListingFlag[]> {
    const benchmark = await this.benchmarkOf(listing);
    const candidates = await this.listings.samePlaceAndType(tx, listing);
    return computeFlags(
      {
        id: listing.id,
        property_type: listing.property_type,
        price_sar: numberOrNull(listing.price_sar),
        area_sqm: numberOrNull(listing.area_sqm),
        district_id: numberOrNull(listing.district_id),
        country_code: listing.country_code,
        licence_number: listing.licence_number,
      },
      benchmark,
      candidates,
    );
  }

  /** Who owns a listing and whether buyers may act on it; unknown → 404 property_not_found. */
  async owner(request: ListingOwnerRequest): Promise<ListingOwnerResponse> {
    const row = await this.listings.findAny(request.id);
    if (!row) throw new AppError('property_not_found', 'No published property has this id.');
    return {
      id: row.id,
      workspace_id: row.workspace_id,
      seller_id: row.seller_id,
      broker_id: row.created_by,
      status: row.status,
      time_zone: row.time_zone ?? 'Asia/Riyadh',
      title_en: row.title_en,
      title_ar: row.title_ar,
    };
  }

  async present(row: ListingRow): Promise<ListingResponse> {
    const images = await this.listings.images([row.id]);
    return toListingResponse(row, images, (key) => this.urls.imageUrl(key));
  }

  async emit(
    tx: EntityManager,
    subject: string,
    row: ListingRow,
    extra: Omit<ListingEventPayload, 'listing_id' | 'workspace_id' | 'seller_id' | 'status' | 'occurred_at'> = {},
  ): Promise<void> {
    await this.outbox.add<ListingEventPayload>(tx, subject, {
      listing_id: row.id,
      workspace_id: row.workspace_id,
      seller_id: row.seller_id,
      broker_id: row.created_by,
      status: row.status,
      occurred_at: new Date().toISOString(),
      ...extra,
    });
  }

  private async benchmarkOf(listing: ListingRow) {
    if (listing.city_id === null || listing.district_id === null) return null;
    return this.decision.benchmark({
      city_id: Number(listing.city_id),
      district_id: Number(listing.district_id),
      type: listing.property_type,
    });
  }

  /**
   * Asks the decision service when any place field is given (422 with field and suggestions
   * otherwise). With `remember`, each distinct place is asked once (a bulk import's rows
   * repeat a few cities and districts); the answer, or the refusal, is reused.
   */
  placeResolver(remember = false): PlaceResolver {
    const known = new Map<string, Promise<ResolvedPlace>>();
    return async (request) => {
      if (PLACE_FIELDS.every((field) => request[field] === undefined)) return null;
      const query = {
        district_id: request.district_id,
        city_id: request.city_id,
        city: request.city,
        district: request.district,
        field_prefix: '',
      };
      if (!remember) return this.decision.resolvePlace(query);
      const key = JSON.stringify(query);
      let answer = known.get(key);
      if (!answer) {
        answer = this.decision.resolvePlace(query);
        known.set(key, answer);
      }
      return answer;
    };
  }

  private async mustFind(owner: ListingOwner, id: string): Promise<ListingRow> {
    const row = await this.listings.find(owner, id);
    if (!row) throw notFound();
    return row;
  }
}

export function notFound(): AppError {
  return new AppError('not_found', 'There is no such listing among yours.');
}

/** The owner a request names: its seller when it names one, else its workspace. */
export function ownerOf(request: ListingOwner): ListingOwner {
  return request.seller_id ? { seller_id: request.seller_id } : { workspace_id: request.workspace_id };
}

/** 409 `conflict` when a seller already has the most listings a seller may have at once. */
function assertRoomForSeller(active: number): void {
  if (active >= SELLER_LISTING_LIMIT) {
    throw new AppError(
      'conflict',
      `A seller has at most ${SELLER_LISTING_LIMIT} listings at a time (rejected ones aside): delete one first.`,
      { details: { max_listings: SELLER_LISTING_LIMIT, active_listings: active } },
    );
  }
}

/** Body fields stored as given. */
function plainFields(request: ListingFieldsInput): ListingWrite {
  return {
    title_en: request.title_en,
    title_ar: request.title_ar,
    description_en: request.description_en,
    description_ar: request.description_ar,
    area_sqm: request.area_sqm === undefined ? undefined : String(request.area_sqm),
    bedrooms: request.bedrooms,
    bathrooms: request.bathrooms,
    lat: request.lat,
    lng: request.lng,
    external_ref: request.external_ref,
    licence_number: request.licence_number,
  };
}

/**
 * The columns an edit writes: the fields sent, the place resolved from them, and price_sar
 * again whenever the price or the currency changes. Land keeps no rooms (422).
 */
function editOf(request: UpdateListingRequest, current: ListingRow, place: ResolvedPlace | null): ListingWrite {
  assertRoomsFitType(
    request.property_type ?? current.property_type,
    request.bedrooms !== undefined ? request.bedrooms : current.bedrooms,
    request.bathrooms !== undefined ? request.bathrooms : current.bathrooms,
  );
  const currency: Currency = request.currency ?? current.currency;
  const price = request.price ?? numberOrNull(current.price);
  const repriced = price !== null && (request.price !== undefined || request.currency !== undefined);
  return {
    ...plainFields(request),
    property_type: request.property_type,
    currency: request.currency,
    ...(repriced ? { price: String(price), price_sar: String(priceInSar(price, currency)) } : {}),
    ...(place ? placeColumns(place) : {}),
  };
}

function placeColumns(place: ResolvedPlace): ListingWrite {
  return {
    country_code: place.country_code,
    city_id: String(place.city_id),
    district_id: String(place.district_id),
    city_en: place.city_en,
    city_ar: place.city_ar,
    district_en: place.district_en,
    district_ar: place.district_ar,
    time_zone: place.time_zone,
  };
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * The bullets of a listing about to be (or staying) published, from its own facts: a pending
 * listing is complete (submit checked it); a live edit's bullets follow its new facts.
 */
export function bulletColumns(row: ListingRow): ListingWrite {
  const price = numberOrNull(row.price);
  const priceSar = numberOrNull(row.price_sar);
  const area = numberOrNull(row.area_sqm);
  if (price === null || priceSar === null || !area || !row.city_en || !row.district_en) return {};
  const bullets = listingBullets({
    property_type: row.property_type,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    area_sqm: area,
    price,
    currency: row.currency,
    price_sar: priceSar,
    city_en: row.city_en,
    city_ar: row.city_ar ?? row.city_en,
    district_en: row.district_en,
    district_ar: row.district_ar ?? row.district_en,
  });
  return { ai_bullets_en: bullets.en, ai_bullets_ar: bullets.ar };
}
