import {
  IsDefined,
  IsIn,
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
import { PageRequest } from './paging';
import type { Page } from './paging';
import { rpc } from './rpc-descriptor';
import type { ListingOwnerRequest, ListingOwnerResponse } from './leads.contract';
import type { ImportListingsRequest, ImportListingsResponse } from './listing-import.contract';

/**
 * The catalogue's message patterns, event subjects and payloads (listings and moderation),
 * and the decision service's place and benchmark lookups the catalogue asks for.
 */

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

export interface ListingFlag {
  code: ListingFlagCode;
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
export abstract class ListingFieldsInput {
  @IsOptional()
  @IsString()
  @Length(1, 200)
  title_en?: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  title_ar?: string;

  @IsOptional()
  @IsString()
  @Length(1, 5000)
  description_en?: string;

  @IsOptional()
  @IsString()
  @Length(1, 5000)
  description_ar?: string;

  /** In `currency`; at most 100 billion, as decisions (its SAR value must fit price_sar's numeric(14,2)). */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(100_000_000_000)
  price?: number;

  @IsOptional()
  @IsIn(CURRENCIES)
  currency?: Currency;

  /** Place, one of: `district_id`; `city_id` + `district`; `city` + `district` (as decisions). */
  @IsOptional()
  @IsInt()
  @IsPositive()
  district_id?: number;

  @IsOptional()
  @IsInt()
  @IsPositive()
  city_id?: number;

  @IsOptional()
  @IsString()
  @Length(2, 100)
  city?: string;

  @IsOptional()
  @IsString()
  @Length(2, 100)
  district?: string;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @IsPositive()
  @Max(10_000_000)
  area_sqm?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  bedrooms?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  bathrooms?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-90)
  @Max(90)
  lat?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-180)
  @Max(180)
  lng?: number;

  /** The client's own reference, unique in the workspace (the bulk import's key). */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  external_ref?: string;

  /** REGA advertising licence (Saudi Arabia) or Trakheesi permit (Dubai). */
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
  @IsDefined()
  @IsIn(LISTING_TYPES)
  property_type: ListingType;
}

/** PATCH /v1/listings/{id} body: any subset of the fields. */
export class UpdateListingBody extends ListingFieldsInput {
  @IsOptional()
  @IsIn(LISTING_TYPES)
  property_type?: ListingType;
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

export interface ListingImageResponse {
  id: string;
  position: number;
  url: string;
  thumbnail_url: string;
  width: number | null;
  height: number | null;
}

/** A listing as its owner (and moderators) see it: every column but `created_by`. */
export interface ListingResponse {
  object: 'listing';
  id: string;
  /** The owning workspace, or null for a seller's own listing. */
  workspace_id: string | null;
  /** The seller account that owns it, or null for a workspace's listing. */
  seller_id: string | null;
  status: ListingStatus;
  property_type: ListingType;
  title_en: string | null;
  title_ar: string | null;
  description_en: string | null;
  description_ar: string | null;
  price: number | null;
  currency: Currency;
  price_sar: number | null;
  country_code: CountryCode | null;
  city_id: number | null;
  district_id: number | null;
  city_en: string | null;
  city_ar: string | null;
  district_en: string | null;
  district_ar: string | null;
  time_zone: ListingTimeZone | null;
  area_sqm: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  lat: number | null;
  lng: number | null;
  external_ref: string | null;
  licence_number: string | null;
  rejection_reason: string | null;
  flags: ListingFlag[];
  ai_bullets_en: string[];
  ai_bullets_ar: string[];
  /** Made from a developer project's unit: both ids; otherwise null. */
  project_id: string | null;
  unit_id: string | null;
  listed_at: string | null;
  submitted_at: string | null;
  /** When an edit after publication was flagged to moderators; null when nothing awaits their review. */
  flagged_at: string | null;
  created_at: string;
  updated_at: string;
  /** Absolute URLs of the display images, by position. */
  image_urls: string[];
  images: ListingImageResponse[];
}

export type ListingsPageResponse = Page<ListingResponse>;

export interface ListingDeletedResponse {
  object: 'listing';
  id: string;
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
export class ResolvePlaceRequest {
  @IsOptional()
  @IsInt()
  @IsPositive()
  district_id?: number;

  @IsOptional()
  @IsInt()
  @IsPositive()
  city_id?: number;

  @IsOptional()
  @IsString()
  @Length(2, 100)
  city?: string;

  @IsOptional()
  @IsString()
  @Length(2, 100)
  district?: string;

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
