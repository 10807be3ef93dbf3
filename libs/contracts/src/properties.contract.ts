import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOmittable,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  StrictQuery,
} from '@app/validation';
import { CURRENCIES, LISTING_TYPES } from './catalogue.contract';
import { LOCATION_QUERY_MIN_LENGTH } from './locations.contract';
import type { Currency, ListingType } from './catalogue.contract';
import type { DecisionBenchmark } from './decisions.contract';
import { ListPage, MAX_PAGE_OFFSET, PageRequest } from './paging';
import { rpc } from './rpc-descriptor';

export const PROPERTY_SORTS = ['newest', 'price_asc', 'price_desc', 'price_drop'] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];

export const PROPERTY_PAGE_MAX = 50;
export const PROPERTY_PAGE_DEFAULT = 20;
/** Prices and areas beyond these are no listing's (and would overflow the columns). */
export const MAX_PRICE_SAR = 1e12;
export const MAX_AREA_SQM = 1e7;

/** A query value as given: a string is trimmed (a tool's number or boolean becomes its text); a repeat stays a list. */
const queryText = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : value,
  );

/** Digits with an optional fraction become a number; anything else stays as given, for the rules to refuse. */
const queryNumber = () =>
  Transform(({ value }: { value: unknown }) => {
    const text = typeof value === 'string' ? value.trim() : value;
    return typeof text === 'string' && /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  });

/** `true`/`false` (a query string's text, or a tool's boolean) become booleans; anything else stays, for the rules to refuse. */
const queryBoolean = () =>
  Transform(({ value }: { value: unknown }) => {
    const text = typeof value === 'string' ? value.trim() : value;
    return text === 'true' || text === true ? true : text === 'false' || text === false ? false : text;
  });

/** `name must be …` for every rule of a field, so a value breaking several reads one message. */
const says = (message: string) => ({ message });
const wholeNumber = (name: string, min: number, max: number) =>
  says(`${name} must be a whole number from ${min} to ${max}.`);
const number = (name: string, max: number) => says(`${name} must be a number from 0 to ${max}.`);
const characters = (name: string, min: number, max: number) => says(`${name} must be ${min} to ${max} characters.`);
const oneOf = (name: string, allowed: readonly string[]) => says(`${name} must be one of: ${allowed.join(', ')}.`);
const once = (name: string) => says(`${name} must be given once.`);

/**
 * The filters, order and page of the public search (spec 4.3, decisions.md "Search"), shared by
 * GET /v1/properties, the MCP search tool and the catalogue's request: a query string's values
 * arrive as text, so numbers are read from digits only (`1e3`, `-1`, ` 5x` are refused).
 */
export abstract class PropertySearchFilters {
  /** Free text, 1-200 characters: every word must appear in the titles, descriptions or place names */
  @IsOmittable()
  @queryText()
  @IsString(once('q'))
  @Length(1, 200, characters('q', 1, 200))
  q?: string;

  /** Property type */
  @IsOmittable()
  @queryText()
  @IsIn(LISTING_TYPES, oneOf('type', LISTING_TYPES))
  type?: ListingType;

  /** Minimum price in SAR, inclusive */
  @IsOmittable()
  @queryNumber()
  @IsNumber({ allowNaN: false, allowInfinity: false }, number('min_price_sar', MAX_PRICE_SAR))
  @Min(0, number('min_price_sar', MAX_PRICE_SAR))
  @Max(MAX_PRICE_SAR, number('min_price_sar', MAX_PRICE_SAR))
  min_price_sar?: number;

  /** Maximum price in SAR, inclusive */
  @IsOmittable()
  @queryNumber()
  @IsNumber({ allowNaN: false, allowInfinity: false }, number('max_price_sar', MAX_PRICE_SAR))
  @Min(0, number('max_price_sar', MAX_PRICE_SAR))
  @Max(MAX_PRICE_SAR, number('max_price_sar', MAX_PRICE_SAR))
  max_price_sar?: number;

  /** Minimum bedrooms, inclusive */
  @IsOmittable()
  @queryNumber()
  @IsInt(wholeNumber('min_bedrooms', 0, 50))
  @Min(0, wholeNumber('min_bedrooms', 0, 50))
  @Max(50, wholeNumber('min_bedrooms', 0, 50))
  min_bedrooms?: number;

  /** Maximum bedrooms, inclusive */
  @IsOmittable()
  @queryNumber()
  @IsInt(wholeNumber('max_bedrooms', 0, 50))
  @Min(0, wholeNumber('max_bedrooms', 0, 50))
  @Max(50, wholeNumber('max_bedrooms', 0, 50))
  max_bedrooms?: number;

  /** Minimum area in m², inclusive */
  @IsOmittable()
  @queryNumber()
  @IsNumber({ allowNaN: false, allowInfinity: false }, number('min_area_sqm', MAX_AREA_SQM))
  @Min(0, number('min_area_sqm', MAX_AREA_SQM))
  @Max(MAX_AREA_SQM, number('min_area_sqm', MAX_AREA_SQM))
  min_area_sqm?: number;

  /** Maximum area in m², inclusive */
  @IsOmittable()
  @queryNumber()
  @IsNumber({ allowNaN: false, allowInfinity: false }, number('max_area_sqm', MAX_AREA_SQM))
  @Min(0, number('max_area_sqm', MAX_AREA_SQM))
  @Max(MAX_AREA_SQM, number('max_area_sqm', MAX_AREA_SQM))
  max_area_sqm?: number;

  /**
   * Only listings whose price is below the one in force 30 days ago (`true`); `false` or absent:
   * all listings
   */
  @IsOmittable()
  @queryBoolean()
  @IsBoolean(says('reduced must be true or false.'))
  reduced?: boolean;

  /**
   * Order: `newest` (by `listed_at` then `id`, so paging is stable), `price_asc`, `price_desc`, or
   * `price_drop` (largest drop against the price in force 30 days ago first, listings without a
   * drop after them; ties newest first, then by `id`)
   */
  @IsOmittable()
  @queryText()
  @IsIn(PROPERTY_SORTS, oneOf('sort', PROPERTY_SORTS))
  sort?: PropertySort = 'newest';

  /** Results per page */
  @IsOmittable()
  @queryNumber()
  @IsInt(wholeNumber('limit', 1, PROPERTY_PAGE_MAX))
  @Min(1, wholeNumber('limit', 1, PROPERTY_PAGE_MAX))
  @Max(PROPERTY_PAGE_MAX, wholeNumber('limit', 1, PROPERTY_PAGE_MAX))
  limit?: number = PROPERTY_PAGE_DEFAULT;

  /** How many results to skip */
  @IsOmittable()
  @queryNumber()
  @IsInt(wholeNumber('offset', 0, MAX_PAGE_OFFSET))
  @Min(0, wholeNumber('offset', 0, MAX_PAGE_OFFSET))
  @Max(MAX_PAGE_OFFSET, wholeNumber('offset', 0, MAX_PAGE_OFFSET))
  offset?: number = 0;
}

/**
 * GET /v1/properties and the MCP search tool, place names as the caller wrote them. A bad or
 * unknown parameter is 400 `invalid_param` naming it, never a silent default.
 */
@StrictQuery({ unknown: (name) => `${name} is not a filter of this search.` })
export class SearchPropertiesQuery extends PropertySearchFilters {
  /** City name, Arabic or English, 2+ characters (matched as GET /v1/locations matches names) */
  @IsOmittable()
  @queryText()
  @IsString(once('city'))
  @Length(LOCATION_QUERY_MIN_LENGTH, 100, characters('city', LOCATION_QUERY_MIN_LENGTH, 100))
  city?: string;

  /** District name, Arabic or English, 2+ characters */
  @IsOmittable()
  @queryText()
  @IsString(once('district'))
  @Length(LOCATION_QUERY_MIN_LENGTH, 100, characters('district', LOCATION_QUERY_MIN_LENGTH, 100))
  district?: string;
}

/** What the gateway sends: names already resolved to gazetteer ids by the caller's words; defaults filled in. */
export class SearchPropertiesRequest extends PropertySearchFilters {
  /** Cities the `city` words matched (empty array: none matched, so nothing is found). */
  @IsOptional()
  @IsInt({ each: true })
  city_ids?: number[];

  @IsOptional()
  @IsInt({ each: true })
  district_ids?: number[];

  declare sort: PropertySort;
  declare limit: number;
  declare offset: number;
}

export class GetPropertyRequest {
  @IsUUID()
  id: string;
}

/** A search result (spec 2.4), with the Arabic names beside the English ones. */
export class PropertyItem {
  /** The listing id */
  @IsUUID()
  id: string;

  /**
   * English title
   * @example "Bright 3-bedroom apartment in Al Olaya"
   */
  title_en: string;

  /**
   * Arabic title
   * @example "شقة مشرقة بثلاث غرف في العليا"
   */
  title_ar: string;

  /** What the property is */
  @IsIn(LISTING_TYPES)
  property_type: ListingType;

  /** Price in SAR (AED listings at the peg 1 USD = 3.75 SAR = 3.6725 AED) */
  price_sar: number;

  /** The price as listed, in `currency` */
  price: number;

  /** The listing's currency (AED listings keep theirs) */
  @IsIn(CURRENCIES)
  currency: Currency;

  /** Square metres */
  area_sqm: number;

  /** Bedrooms (none for land) */
  @IsOptional()
  @IsInt()
  bedrooms: number | null;

  /** Bathrooms (none for land) */
  @IsOptional()
  @IsInt()
  bathrooms: number | null;

  /**
   * The city's English name
   * @example "Riyadh"
   */
  city_en: string;

  /**
   * The city's Arabic name
   * @example "الرياض"
   */
  city_ar: string;

  /**
   * The district's English name
   * @example "Al Olaya Dist."
   */
  district_en: string;

  /**
   * The district's Arabic name
   * @example "حي العليا"
   */
  district_ar: string;

  /** Absolute image URLs, in display order */
  image_urls: string[];

  /** Three short bullets, written at publication */
  ai_bullets_en: string[];

  /** First publication */
  @IsISO8601()
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

/** GET /v1/properties: a page of the search. */
export class PropertiesPage {
  /** The results, in the order asked for */
  properties: PropertyItem[];

  /** Results returned, up to `limit` */
  @IsInt()
  count: number;

  /** The offset asked for */
  @IsInt()
  offset: number;
}

/** One price of a listing's history. */
export class PriceChange {
  /** The price from then on, in SAR */
  price_sar: number;

  /** When the listing was published at it, or repriced to it */
  @IsISO8601()
  changed_at: string;
}

/** GET /v1/properties/{id} as the catalogue answers it: the item with both descriptions and bullets. */
export class PropertyDetail extends PropertyItem {
  /** Always `property` */
  @IsIn(['property'])
  object: 'property';

  /** English description */
  description_en: string;

  /** Arabic description */
  description_ar: string;

  /** The three bullets in Arabic */
  ai_bullets_ar: string[];

  /** Latitude */
  lat: number | null;

  /** Longitude */
  lng: number | null;

  /** Its prices since publication, oldest first: the latest 50 changes at most */
  price_history: PriceChange[];

  /**
   * The current price against the price in force 30 days ago, in percent with one decimal
   * (negative: cheaper); null when it is the same price or the listing was not priced yet then
   * @example -7.5
   */
  price_change_pct_30d: number | null;
}

/** Who lists a property: the broker workspace's public name and badge. */
export class PropertyBroker {
  /** The workspace name */
  name: string;

  /** Its public page: GET /v1/brokers/{slug} */
  slug: string;

  /** The licence or register was approved by a moderator */
  verified: boolean;
}

/** GET /v1/properties/{id}: the detail with its broker (the gateway adds it). */
export class PropertyDetailResponse extends PropertyDetail {
  /** null for a listing of no broker workspace */
  broker: PropertyBroker | null;
}

/** Where a price per m² falls on its benchmark's distribution. */
export const PRICE_POSITIONS = ['below_p25', 'p25_to_median', 'median_to_p75', 'above_p75'] as const;
export type PricePosition = (typeof PRICE_POSITIONS)[number];

/** GET /v1/properties/{id}/price-intel: the listing against its market, free of charge. */
export class PriceIntel {
  /** Always `price_intel`. */
  @IsIn(['price_intel'])
  object: 'price_intel';

  /** The property. */
  @IsUUID()
  property_id: string;

  /** Its asking price, in SAR. */
  price_sar: number;

  /** Its area, in m². */
  area_sqm: number;

  /** price_sar / area_sqm, rounded */
  @IsInt()
  price_per_sqm: number;

  /** District + type for the latest year with enough sales, else city + type (`scope`), else null */
  benchmark: DecisionBenchmark | null;

  /** Where the price per m² falls on the benchmark's distribution; null without a benchmark */
  @IsOptional()
  @IsIn(PRICE_POSITIONS)
  position: PricePosition | null;

  /** The price per m² against the benchmark median, in percent (negative: cheaper); null without one */
  vs_median_pct: number | null;
}

/** POST /v1/me/saved-properties body. */
export class SavePropertyBody {
  /** A published property */
  @IsUUID()
  property_id: string;
}

export class SavedPropertyRequest extends SavePropertyBody {
  @IsUUID()
  account_id: string;
}

/** The gateway's usual page (1 to MAX_PAGE_LIMIT): a buyer's list, not a search page. */
export class ListSavedPropertiesRequest extends PageRequest {
  @IsUUID()
  account_id: string;
}

export class SavedProperty {
  /** Always `saved_property` */
  @IsIn(['saved_property'])
  object: 'saved_property';

  /** When it was saved (saving again keeps the first time) */
  @IsISO8601()
  saved_at: string;

  /** The property as the search shows it */
  property: PropertyItem;
}

/** A page of saved properties, latest first. */
export class SavedPropertiesPage extends ListPage {
  /** The saved properties */
  data: SavedProperty[];
}

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
