import {
  IsDefined,
  IsIn,
  IsISO8601,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateIf,
} from '@app/validation';
import type { DecisionBenchmark } from './decisions.contract';
import { MaxDecimalPlaces } from './decimal-places';
import { ListPage, PageQuery, PageRequest } from './paging';
import { PlaceInput } from './place.contract';
import { rpc } from './rpc-descriptor';
import type { ListingOwnerRequest, ListingOwnerResponse } from './leads.contract';
import type { ImportListingsRequest, ImportListingsResponse } from './listing-import.contract';

/** Listing events (payload: ListingEventPayload), published through the catalogue's outbox. */
export const CATALOGUE_LISTING_SUBMITTED = 'catalogue.listing.submitted.v1';
export const CATALOGUE_LISTING_PUBLISHED = 'catalogue.listing.published.v1';
export const CATALOGUE_LISTING_REJECTED = 'catalogue.listing.rejected.v1';
export const CATALOGUE_LISTING_UPDATED = 'catalogue.listing.updated.v1';
/** The leads service closes the listing's open inquiries on this one. */
export const CATALOGUE_LISTING_DELETED = 'catalogue.listing.deleted.v1';

export const LISTING_TYPES = ['apartment', 'villa', 'land', 'shop', 'office'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** Spec 3: draft → pending (submit) → published (approve) | rejected (reject, reason shown). */
export const LISTING_STATUSES = ['draft', 'pending', 'published', 'rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const CURRENCIES = ['SAR', 'AED'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const COUNTRY_CODES = ['SA', 'AE'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const TIME_ZONES: Record<CountryCode, 'Asia/Riyadh' | 'Asia/Dubai'> = { SA: 'Asia/Riyadh', AE: 'Asia/Dubai' };
export type ListingTimeZone = (typeof TIME_ZONES)[CountryCode];

/**
 * `returned_to_pending` is history only (an edit to a published listing no longer leaves it);
 * `flagged`: the checks found something new on such an edit; `unpublished`: a moderator took a
 * published listing down with a reason.
 */
export const MODERATION_ACTIONS = [
  'submitted',
  'approved',
  'rejected',
  'returned_to_pending',
  'flagged',
  'unpublished',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Automated pre-moderation findings (shown to moderators, never a silent rejection). */
export const LISTING_FLAG_CODES = [
  'price_outside_band',
  'unusual_area',
  'possible_duplicate',
  'licence_missing',
  'licence_malformed',
  /** A published listing was edited and the checks found something new: shown first among its flags. */
  'changed_after_publication',
] as const;
export type ListingFlagCode = (typeof LISTING_FLAG_CODES)[number];

/** An automated finding; figures behind it (band, area range, the duplicate's id, the expected format) ride along. */
export class ListingFlag {
  /** What was found */
  @IsIn(LISTING_FLAG_CODES)
  code: ListingFlagCode;

  /** The finding in a sentence */
  @IsString()
  message: string;

  /** Figures behind the flag (band, area range, the duplicate's id, the expected format). */
  [detail: string]: unknown;
}

/** The fixed peg (decisions.md): 1 USD = 3.75 SAR = 3.6725 AED. */
export const SAR_PER_USD = 3.75;
export const AED_PER_USD = 3.6725;

/**
 * An amount in SAR, rounded half up to 2 dp: AED × 3.75 / 3.6725. Computed in integer
 * hundredths (BigInt) so 14-digit prices do not pick up floating-point error.
 */
export function priceInSar(amount: number, currency: Currency): number {
  const cents = BigInt(Math.round(amount * 100));
  if (currency === 'SAR') return Number(cents) / 100;
  const numerator = cents * 37500n * 2n + 36725n;
  const sarCents = numerator / (36725n * 2n);
  return Number(sarCents) / 100;
}

/** The fields a listing is written with; every one optional (a draft may be incomplete). */
export abstract class ListingFieldsInput extends PlaceInput {
  /** English title */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  title_en?: string;

  /** Arabic title, stored and returned exactly */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  title_ar?: string;

  /** English description */
  @IsOptional()
  @IsString()
  @Length(1, 5000)
  description_en?: string;

  /** Arabic description */
  @IsOptional()
  @IsString()
  @Length(1, 5000)
  description_ar?: string;

  /**
   * In `currency`, up to 2 decimals; at most 100 billion, as decisions (its SAR value must fit price_sar's
   * numeric(14,2))
   */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(100_000_000_000)
  price?: number;

  /** AED keeps its amount; `price_sar` is converted at the peg 1 USD = 3.75 SAR = 3.6725 AED */
  @IsOptional()
  @IsIn(CURRENCIES)
  currency?: Currency;

  /** Square metres, up to 2 decimals */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(10_000_000)
  area_sqm?: number;

  /** Not for land (422) */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  bedrooms?: number;

  /** Not for land (422) */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  bathrooms?: number;

  /** Latitude */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-90)
  @Max(90)
  lat?: number;

  /** Longitude */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-180)
  @Max(180)
  lng?: number;

  /** Your own reference, unique in the workspace (409 `conflict` when taken; the bulk import's key) */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  external_ref?: string;

  /** REGA advertising licence (SA, 10 digits) or Trakheesi permit (Dubai, 6-12 digits) */
  @IsOptional()
  @IsString()
  @Length(1, 50)
  licence_number?: string;
}

/** A seller has at most this many listings at a time (any but rejected ones): they list their own property. */
export const SELLER_LISTING_LIMIT = 5;

/**
 * Who owns a listing: a workspace (brokers, developers) or a seller account (spec 1), exactly
 * one. Requests name the caller's: `workspace_id`, or `seller_id` for a seller.
 */
export interface ListingOwner {
  workspace_id?: string;
  seller_id?: string;
}

/** The owning workspace: required unless the request names a seller. */
export function OwningWorkspace(): PropertyDecorator {
  return (target, key) => {
    ValidateIf((request: ListingOwner) => request.seller_id === undefined)(target, key);
    IsUUID()(target, key);
  };
}

/** The owning seller account, when the listing is a seller's. */
export function OwningSeller(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsUUID()(target, key);
  };
}

/** POST /v1/listings body: the type is required, the rest may come later. */
export class CreateListingBody extends ListingFieldsInput {
  /** What the property is */
  @IsDefined()
  @IsIn(LISTING_TYPES)
  property_type: ListingType;

  // SAR when left out: the catalogue's default, documented in contract-schema-overrides.ts. Not an
  // initialiser here: an import row (this class) that updates a listing keeps the listing's currency.
  /** AED keeps its amount; `price_sar` is converted at the peg 1 USD = 3.75 SAR = 3.6725 AED */
  declare currency?: Currency;
}

/** PATCH /v1/listings/{id} body: any subset of the fields (a field left out keeps its value). */
export class UpdateListingBody extends ListingFieldsInput {
  /** What the property is */
  @IsOptional()
  @IsIn(LISTING_TYPES)
  property_type?: ListingType;
}

/** GET /v1/listings query. */
export class ListListingsQuery extends PageQuery {
  /** Only listings in this status */
  @IsOptional()
  @IsIn(LISTING_STATUSES)
  status?: ListingStatus;
}

/** POST /v1/moderation/listings/{id}/reject body. */
export class RejectListingBody {
  /** Shown to the broker */
  @IsDefined()
  @IsString()
  @Length(1, 1000)
  reason: string;
}

export class CreateListingRequest extends CreateListingBody implements ListingOwner {
  @OwningWorkspace()
  workspace_id?: string;

  @OwningSeller()
  seller_id?: string;

  /** The account creating it; absent for API keys. */
  @IsOptional()
  @IsUUID()
  created_by?: string;
}

export class UpdateListingRequest extends UpdateListingBody implements ListingOwner {
  @OwningWorkspace()
  workspace_id?: string;

  @OwningSeller()
  seller_id?: string;

  @IsString()
  @Length(1, 100)
  id: string;
}

/** One listing of the owner's (get, delete, submit); another owner's answers 404. */
export class ListingRefRequest implements ListingOwner {
  @OwningWorkspace()
  workspace_id?: string;

  @OwningSeller()
  seller_id?: string;

  /** Any string: an id that is not one of ours is simply not found. */
  @IsString()
  @Length(1, 100)
  id: string;
}

/** The workspace's listings, newest first. */
export class ListListingsRequest extends PageRequest implements ListingOwner {
  @OwningWorkspace()
  workspace_id?: string;

  @OwningSeller()
  seller_id?: string;

  @IsOptional()
  @IsIn(LISTING_STATUSES)
  status?: ListingStatus;
}

/** Pending listings, oldest submission first. */
export class ModerationQueueRequest extends PageRequest {}

export class ApproveListingRequest {
  @IsUUID()
  moderator_id: string;

  @IsString()
  @Length(1, 100)
  id: string;
}

export class RejectListingRequest extends ApproveListingRequest {
  /** Shown to the broker. */
  @IsDefined()
  @IsString()
  @Length(1, 1000)
  reason: string;
}

/** One image of a listing: its display size and thumbnail. */
export class ListingImageResponse {
  /** The image id */
  @IsUUID()
  id: string;

  /** 0-based order */
  @IsInt()
  position: number;

  /** Absolute URL of the display size */
  @IsString()
  url: string;

  /** Absolute URL of the thumbnail */
  @IsString()
  thumbnail_url: string;

  /** Of the display size, in pixels */
  @IsOptional()
  @IsInt()
  width: number | null;

  /** Of the display size, in pixels */
  @IsOptional()
  @IsInt()
  height: number | null;
}

/** A listing as its owner (and moderators) see it: every column but `created_by`. */
export class ListingResponse {
  /** Always `listing` */
  @IsIn(['listing'])
  object: 'listing';

  /** The listing id */
  @IsUUID()
  id: string;

  /** The owning workspace; null for a seller’s own listing */
  @IsOptional()
  @IsUUID()
  workspace_id: string | null;

  /** The seller account that owns it; null for a workspace’s listing */
  @IsOptional()
  @IsUUID()
  seller_id: string | null;

  /**
   * draft → pending (submit) → published (approve) | rejected (reject, `rejection_reason`); published → rejected
   * when a moderator unpublishes it (with a reason)
   */
  @IsIn(LISTING_STATUSES)
  status: ListingStatus;

  /** What the property is */
  @IsIn(LISTING_TYPES)
  property_type: ListingType;

  /** English title */
  title_en: string | null;

  /** Arabic title, as written */
  title_ar: string | null;

  /** English description */
  description_en: string | null;

  /** Arabic description */
  description_ar: string | null;

  /** In `currency` */
  price: number | null;

  /** The price's currency */
  @IsIn(CURRENCIES)
  currency: Currency;

  /** The price in SAR (AED at the peg 1 USD = 3.75 SAR = 3.6725 AED) */
  price_sar: number | null;

  /** The place's country */
  @IsOptional()
  @IsIn(COUNTRY_CODES)
  country_code: CountryCode | null;

  /** The place's city (GET /v1/locations) */
  city_id: number | null;

  /** The place's district (GET /v1/locations) */
  district_id: number | null;

  /** The city's English name */
  city_en: string | null;

  /** The city's Arabic name */
  city_ar: string | null;

  /** The district's English name */
  district_en: string | null;

  /** The district's Arabic name */
  district_ar: string | null;

  /** The place's clock (viewing slots are on it) */
  @IsOptional()
  @IsIn(Object.values(TIME_ZONES))
  time_zone: ListingTimeZone | null;

  /** Square metres */
  area_sqm: number | null;

  /** Bedrooms (none for land) */
  bedrooms: number | null;

  /** Bathrooms (none for land) */
  bathrooms: number | null;

  /** Latitude */
  lat: number | null;

  /** Longitude */
  lng: number | null;

  /** Your own reference, unique in the workspace */
  external_ref: string | null;

  /** REGA advertising licence or Trakheesi permit */
  licence_number: string | null;

  /** Why moderation rejected it (while rejected) */
  rejection_reason: string | null;

  /**
   * Automated pre-moderation findings at submit (price band, area, near-duplicate, licence); after a flagged edit of
   * a published listing, `changed_after_publication` (with `changed`: the fields) first, then the findings
   */
  flags: ListingFlag[];

  /** Three short bullets, written at publication */
  ai_bullets_en: string[];

  /** The same three bullets in Arabic */
  ai_bullets_ar: string[];

  /** The developer project this listing was made from (POST /v1/projects/{id}/units/{unit_id}/listing) */
  @IsOptional()
  @IsUUID()
  project_id: string | null;

  /** The project unit it was made from */
  @IsOptional()
  @IsUUID()
  unit_id: string | null;

  /** First publication */
  @IsOptional()
  @IsISO8601()
  listed_at: string | null;

  /** Last submission for moderation */
  @IsOptional()
  @IsISO8601()
  submitted_at: string | null;

  /** When an edit after publication was flagged to moderators (the edit is live); null when nothing awaits review */
  @IsOptional()
  @IsISO8601()
  flagged_at: string | null;

  /** When it was created */
  @IsISO8601()
  created_at: string;

  /** When it last changed */
  @IsISO8601()
  updated_at: string;

  /** Absolute URLs of the display images, by position */
  image_urls: string[];

  /** The images, by position */
  images: ListingImageResponse[];
}

/** A page of listings. */
export class ListingsPageResponse extends ListPage {
  /** The listings */
  data: ListingResponse[];
}

export class ListingDeletedResponse {
  /** Always `listing` */
  @IsIn(['listing'])
  object: 'listing';

  /** The deleted listing's id */
  @IsUUID()
  id: string;

  /** Always true */
  @IsIn([true])
  deleted: true;
}

/** Every catalogue.listing.*.v1 event carries at least these. */
export interface ListingEventPayload {
  listing_id: string;
  /** The owner: a workspace, or (null here) the seller in `seller_id`. */
  workspace_id: string | null;
  seller_id?: string | null;
  /** The account that created the listing (its broker, or the seller): whom a rejection is told to. */
  broker_id?: string | null;
  /** The status after the change (deleted: the status it had). */
  status: ListingStatus;
  occurred_at: string;
  /** submitted: the automated flags; rejected: the reason; updated: the fields changed (and flags when flagged). */
  flags?: ListingFlag[];
  reason?: string;
  changed?: string[];
  /** rejected: true when a moderator took a published listing down (published → rejected). */
  unpublished?: boolean;
}

/** Resolve a place: `district_id`; `city_id` + `district`; `city` + `district`. */
export class ResolvePlaceRequest extends PlaceInput {
  /** Prefix of the `field` in a 422 (decisions use `location.`; listings use none). */
  @IsOptional()
  @IsString()
  @Length(0, 50)
  field_prefix?: string;
}

export interface ResolvedPlace {
  country_code: CountryCode;
  city_id: number;
  district_id: number;
  city_en: string;
  city_ar: string;
  district_en: string;
  district_ar: string;
  time_zone: ListingTimeZone;
}

/** The district benchmark for a listing type (city-wide when the district has too few sales). */
export class BenchmarkRequest {
  @IsInt()
  @IsPositive()
  city_id: number;

  @IsInt()
  @IsPositive()
  district_id: number;

  @IsIn(LISTING_TYPES)
  type: ListingType;
}

export interface BenchmarkResponse {
  /** null when neither the district nor the city has enough transactions. */
  benchmark: DecisionBenchmark | null;
}

/** The catalogue's listing calls: an owner's listings, their owner, the bulk import. */
export const ListingsRpc = {
  create: rpc<CreateListingRequest, ListingResponse>('rpc.catalogue.listings.create.v1'),
  list: rpc<ListListingsRequest, ListingsPageResponse>('rpc.catalogue.listings.list.v1'),
  get: rpc<ListingRefRequest, ListingResponse>('rpc.catalogue.listings.get.v1'),
  update: rpc<UpdateListingRequest, ListingResponse>('rpc.catalogue.listings.update.v1'),
  delete: rpc<ListingRefRequest, ListingDeletedResponse>('rpc.catalogue.listings.delete.v1'),
  submit: rpc<ListingRefRequest, ListingResponse>('rpc.catalogue.listings.submit.v1'),
  /** The catalogue's answer to "whose listing is this, and may buyers act on it?". */
  owner: rpc<ListingOwnerRequest, ListingOwnerResponse>('rpc.catalogue.listings.owner.v1'),
  /**
   * Bulk import (POST /v1/listings/import). The gateway reads the file, checks each row against
   * CreateListingBody and sends the valid ones here in batches; the catalogue creates or updates
   * each through the same path as POST /v1/listings and PATCH /v1/listings/{id}.
   */
  importBatch: rpc<ImportListingsRequest, ImportListingsResponse>('rpc.catalogue.listings.import.v1'),
};

/** The catalogue's moderation queue. */
export const ModerationRpc = {
  queue: rpc<ModerationQueueRequest, ListingsPageResponse>('rpc.catalogue.moderation.queue.v1'),
  approve: rpc<ApproveListingRequest, ListingResponse>('rpc.catalogue.moderation.approve.v1'),
  reject: rpc<RejectListingRequest, ListingResponse>('rpc.catalogue.moderation.reject.v1'),
};
