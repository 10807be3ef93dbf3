import { IsIn, IsInt, IsNumber, IsOptional, IsString, IsUUID, Length, Max, Min } from '@app/validation';
import { LISTING_TYPES } from './catalogue.contract';
import type { Currency, ListingType } from './catalogue.contract';
import type { DecisionBenchmark } from './decisions.contract';
import { MAX_PAGE_OFFSET, PageRequest } from './paging';
import type { Page } from './paging';
import { rpc } from './rpc-descriptor';

/** Public property search (spec 4.3, decisions.md "Search"): patterns and payloads. */

export const PROPERTY_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];

export const PROPERTY_PAGE_MAX = 50;
export const PROPERTY_PAGE_DEFAULT = 20;
/** Prices and areas beyond these are no listing's (and would overflow the columns). */
export const MAX_PRICE_SAR = 1e12;
export const MAX_AREA_SQM = 1e7;

/** What the gateway sends: names already resolved to gazetteer ids by the caller's words. */
export class SearchPropertiesRequest {
  @IsOptional()
  @IsString()
  @Length(1, 200)
  q?: string;

  /** Cities the `city` words matched (empty array: none matched, so nothing is found). */
  @IsOptional()
  @IsInt({ each: true })
  city_ids?: number[];

  @IsOptional()
  @IsInt({ each: true })
  district_ids?: number[];

  @IsOptional()
  @IsIn(LISTING_TYPES)
  type?: ListingType;

  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(MAX_PRICE_SAR)
  min_price_sar?: number;

  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(MAX_PRICE_SAR)
  max_price_sar?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  min_bedrooms?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  max_bedrooms?: number;

  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(MAX_AREA_SQM)
  min_area_sqm?: number;

  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(MAX_AREA_SQM)
  max_area_sqm?: number;

  @IsIn(PROPERTY_SORTS)
  sort: PropertySort = 'newest';

  @IsInt()
  @Min(1)
  @Max(PROPERTY_PAGE_MAX)
  limit: number = PROPERTY_PAGE_DEFAULT;

  @IsInt()
  @Min(0)
  @Max(MAX_PAGE_OFFSET)
  offset: number = 0;
}

export class GetPropertyRequest {
  @IsUUID()
  id: string;
}

/** A search result (spec 2.4), with the Arabic names beside the English ones. */
export interface PropertyItem {
  id: string;
  title_en: string;
  title_ar: string;
  property_type: ListingType;
  price_sar: number;
  /** The listing's own price and currency (AED listings keep theirs). */
  price: number;
  currency: Currency;
  area_sqm: number;
  bedrooms: number | null;
  bathrooms: number | null;
  city_en: string;
  city_ar: string;
  district_en: string;
  district_ar: string;
  image_urls: string[];
  ai_bullets_en: string[];
  listed_at: string;
}

/** A search item's fields, in its order: what a page of properties shows of each. */
export const PROPERTY_ITEM_FIELDS = [
  'id',
  'title_en',
  'title_ar',
  'property_type',
  'price_sar',
  'price',
  'currency',
  'area_sqm',
  'bedrooms',
  'bathrooms',
  'city_en',
  'city_ar',
  'district_en',
  'district_ar',
  'image_urls',
  'ai_bullets_en',
  'listed_at',
] as const satisfies readonly (keyof PropertyItem)[];

export interface PropertiesPage {
  properties: PropertyItem[];
  count: number;
  offset: number;
}

/** GET /v1/properties/{id}: the item with both descriptions and bullets. */
export interface PropertyDetail extends PropertyItem {
  object: 'property';
  description_en: string;
  description_ar: string;
  ai_bullets_ar: string[];
  lat: number | null;
  lng: number | null;
}

/** Where a price per m² falls on its benchmark's distribution. */
export const PRICE_POSITIONS = ['below_p25', 'p25_to_median', 'median_to_p75', 'above_p75'] as const;
export type PricePosition = (typeof PRICE_POSITIONS)[number];

/** GET /v1/properties/{id}/price-intel: the listing against its market, free of charge. */
export interface PriceIntel {
  object: 'price_intel';
  property_id: string;
  price_sar: number;
  area_sqm: number;
  price_per_sqm: number;
  /** The district benchmark for the type, else the city's (`scope`), else null. */
  benchmark: DecisionBenchmark | null;
  position: PricePosition | null;
  /** The price per m² against the benchmark median, in percent (negative: cheaper); null without one. */
  vs_median_pct: number | null;
}

export class SavedPropertyRequest {
  @IsUUID()
  account_id: string;

  @IsUUID()
  property_id: string;
}

/** The gateway's usual page (1 to MAX_PAGE_LIMIT): a buyer's list, not a search page. */
export class ListSavedPropertiesRequest extends PageRequest {
  @IsUUID()
  account_id: string;
}

export interface SavedProperty {
  object: 'saved_property';
  saved_at: string;
  property: PropertyItem;
}

export type SavedPropertiesPage = Page<SavedProperty>;

/** The public property search and a buyer's saved properties. */
export const PropertiesRpc = {
  search: rpc<SearchPropertiesRequest, PropertiesPage>('rpc.catalogue.properties.search.v1'),
  get: rpc<GetPropertyRequest, PropertyDetail>('rpc.catalogue.properties.get.v1'),
  priceIntel: rpc<GetPropertyRequest, PriceIntel>('rpc.catalogue.properties.price-intel.v1'),
  /** A buyer's saved properties (any signed-in user). */
  listSaved: rpc<ListSavedPropertiesRequest, SavedPropertiesPage>('rpc.catalogue.saved.list.v1'),
  save: rpc<SavedPropertyRequest, SavedProperty>('rpc.catalogue.saved.add.v1'),
  unsave: rpc<SavedPropertyRequest, { removed: true }>('rpc.catalogue.saved.remove.v1'),
};
