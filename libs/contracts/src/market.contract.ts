import { Type } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Matches,
  Max,
  Min,
} from '@app/validation';
import { PROPERTY_TYPES } from './decisions.contract';
import type { PropertyType } from './decisions.contract';
import type { ListingType } from './catalogue.contract';
import { rpc } from './rpc-descriptor';

/**
 * District and city trends (GET /v1/market/districts/{district_id}, GET /v1/market/cities/{city_id}):
 * recorded sales per quarter (the decision service's transactions) beside the published listings'
 * asking prices (the catalogue's), combined by the gateway. The gateway's OpenAPI document is
 * generated from these classes (docs/openapi.md); docs/market.md says how each figure is made.
 */

/** No median is given from fewer than this many sales (or priced listings): the count and a reason instead. */
export const MARKET_MIN_SAMPLE = 5;
/** Quarters in the answer: the last 3 years of recorded sales. */
export const MARKET_QUARTERS = 12;

export const MARKET_SCOPES = ['district', 'city'] as const;
export type MarketScope = (typeof MARKET_SCOPES)[number];

/** Why a median is null: fewer than MARKET_MIN_SAMPLE sales (or listings) to take it from. */
export const MARKET_NULL_REASONS = ['too_few_sales', 'too_few_listings'] as const;
export type MarketNullReason = (typeof MARKET_NULL_REASONS)[number];

/** Where recorded sales come from: the Saudi MoJ or Dubai DLD exports, a broker's CSV, or the synthetic demo set. */
export const MARKET_SOURCES = ['moj', 'dld', 'csv', 'synthetic'] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];

/** A listing type under the sales type its asking prices are compared with (a shop is commercial). */
export const MARKET_TYPE_OF_LISTING: Record<ListingType, PropertyType> = {
  apartment: 'apartment',
  villa: 'villa',
  land: 'land',
  shop: 'commercial',
  office: 'office',
};

/** The largest id a path may carry (gazetteer ids are below 2^53). */
const MAX_PLACE_ID = Number.MAX_SAFE_INTEGER;

/** The path of GET /v1/market/districts/{district_id}. */
export class DistrictMarketParams {
  /** The district's numeric id (from GET /v1/locations). */
  @Type(() => Number)
  @IsInt()
  @IsPositive()
  @Max(MAX_PLACE_ID)
  district_id: number;
}

/** The path of GET /v1/market/cities/{city_id}. */
export class CityMarketParams {
  /** The city's numeric id (from GET /v1/locations). */
  @Type(() => Number)
  @IsInt()
  @IsPositive()
  @Max(MAX_PLACE_ID)
  city_id: number;
}

/** The place whose market is asked for, as the gateway sends it to the decision service and the catalogue. */
export class MarketPlaceRequest {
  /** Whether `id` is a district's or a city's. */
  @IsIn(MARKET_SCOPES)
  scope: MarketScope;

  /** The gazetteer id of the district or city. */
  @IsInt()
  @IsPositive()
  @Max(MAX_PLACE_ID)
  id: number;
}

/** The median price per sqm of some recorded sales (a quarter's, or a window's), and how many there were. */
export class MarketSalesMedian {
  /** Median price per sqm of these sales, SAR (integer); null from fewer than 5 sales. */
  @IsOptional()
  @IsInt()
  median_sqm: number | null;

  /** Sales recorded (0 when none). */
  @IsInt()
  @Min(0)
  transaction_count: number;

  /** Why `median_sqm` is null (`too_few_sales`); null when it is a number. */
  @IsOptional()
  @IsIn(MARKET_NULL_REASONS)
  reason: MarketNullReason | null;
}

/** One property type's recorded sales in one quarter. */
export class MarketQuarter extends MarketSalesMedian {
  /**
   * The calendar quarter of the sales
   * @example "2025-Q3"
   */
  @Matches(/^\d{4}-Q[1-4]$/)
  quarter: string;

  /** The property type of the sales. */
  @IsIn(PROPERTY_TYPES)
  property_type: PropertyType;
}

/** Median price per sqm over four quarters of sales. */
export class MarketSalesWindow extends MarketSalesMedian {
  /**
   * First quarter of the window
   * @example "2024-Q4"
   */
  @Matches(/^\d{4}-Q[1-4]$/)
  from_quarter: string;

  /**
   * Last quarter of the window
   * @example "2025-Q3"
   */
  @Matches(/^\d{4}-Q[1-4]$/)
  to_quarter: string;
}

/** Published listings of one type in the place, and their asking price per sqm. */
export class MarketListings {
  /** Published listings of the type in the place now. */
  @IsInt()
  @Min(0)
  published_count: number;

  /** Median asking price per sqm (price in SAR / area), integer; null from fewer than 5 listings with a price and an area. */
  @IsOptional()
  @IsInt()
  median_asking_sqm: number | null;

  /** Why `median_asking_sqm` is null (`too_few_listings`); null when it is a number. */
  @IsOptional()
  @IsIn(MARKET_NULL_REASONS)
  reason: MarketNullReason | null;
}

/** One property type's trend: the last four quarters against the four before, and asking against sold. */
export class MarketTypeTrend {
  /** The property type (sales types; a `shop` listing counts as `commercial`). */
  @IsIn(PROPERTY_TYPES)
  property_type: PropertyType;

  /** The last four quarters of the answer (trailing twelve months). */
  current: MarketSalesWindow;

  /** The four quarters before them. */
  previous: MarketSalesWindow;

  /** Year-over-year change, percent (one decimal): `current` median against `previous`; null unless both have a median. */
  @IsOptional()
  @IsNumber()
  yoy_pct: number | null;

  /** Published listings of the type and their median asking price per sqm. */
  listings: MarketListings;

  /** Asking against sold, percent (one decimal): the listings' median asking price per sqm against `current`'s median; null unless both exist. */
  @IsOptional()
  @IsNumber()
  asking_vs_sold_pct: number | null;
}

/** How many of the place's recorded sales in the answer's quarters came from one source. */
export class MarketSourceCount {
  /** `moj` (Saudi Ministry of Justice), `dld` (Dubai Land Department), `csv` (a broker's file) or `synthetic` (the demo set). */
  @IsIn(MARKET_SOURCES)
  source: MarketSource;

  /** Sales of this source in the answer's quarters. */
  @IsInt()
  @Min(0)
  transaction_count: number;
}

/** Where the figures come from. */
export class MarketProvenance {
  /** Recorded sales per source in the answer's quarters (empty: none recorded). */
  @IsArray()
  sources: MarketSourceCount[];

  /** The calendar years the answer's quarters span, oldest first. */
  @IsArray()
  years: number[];

  /** Recorded sales in the answer's quarters, every type. */
  @IsInt()
  @Min(0)
  transaction_count: number;

  /** Date of the earliest of those sales (YYYY-MM-DD); null without any. */
  @IsOptional()
  @IsString()
  first_sale_date: string | null;

  /** Date of the latest of those sales (YYYY-MM-DD); null without any. */
  @IsOptional()
  @IsString()
  last_sale_date: string | null;

  /** Published listings in the place now, every type. */
  @IsInt()
  @Min(0)
  listing_count: number;

  /** The transactions' data version the sales figures were computed from (it moves with every import). */
  @IsInt()
  @Min(0)
  data_version: number;

  /** When the sales figures were computed (they are kept until the next import). */
  @IsISO8601()
  computed_at: string;
}

/** The market of a district or a city: recorded sales per quarter and type, their trend, and listings beside them. */
export class MarketTrendsResponse {
  /** Always `market_trends`. */
  @IsIn(['market_trends'])
  object: 'market_trends';

  /** Whether the place is a `district` or a `city`. */
  @IsIn(MARKET_SCOPES)
  scope: MarketScope;

  /** The district's or city's id. */
  @IsInt()
  id: number;

  /**
   * The place's name in Arabic
   * @example "العليا"
   */
  @IsString()
  name_ar: string;

  /**
   * The place's name in English
   * @example "Al Olaya"
   */
  @IsString()
  name_en: string;

  /** The city (a city's own id for a city). */
  @IsInt()
  city_id: number;

  /**
   * The city's name in Arabic
   * @example "الرياض"
   */
  @IsString()
  city_name_ar: string;

  /**
   * The city's name in English
   * @example "Riyadh"
   */
  @IsString()
  city_name_en: string;

  /** Every price is in this currency (AED sales and listings converted at the peg). */
  @IsIn(['SAR'])
  currency: 'SAR';

  /**
   * The first of the 12 quarters: three years ending with the latest quarter of recorded sales anywhere
   * @example "2022-Q4"
   */
  @Matches(/^\d{4}-Q[1-4]$/)
  from_quarter: string;

  /**
   * The last of the 12 quarters: the quarter of the latest sale we hold (the same for every place)
   * @example "2025-Q3"
   */
  @Matches(/^\d{4}-Q[1-4]$/)
  to_quarter: string;

  /** Every quarter of the 12, oldest first, for each property type with a sale in them (types in a fixed order). */
  @IsArray()
  quarters: MarketQuarter[];

  /** One entry per property type with a sale in the 12 quarters or a published listing. */
  @IsArray()
  property_types: MarketTypeTrend[];

  /** Where the figures come from. */
  provenance: MarketProvenance;
}

/** The decision service's part: the place and its recorded sales, the answer without the listings. */
export type MarketSalesResponse = Omit<MarketTrendsResponse, 'object' | 'currency' | 'property_types' | 'provenance'> &
  Omit<MarketProvenance, 'listing_count'> & {
    /** Per sales type with a sale in the quarters: the trailing windows and their change. */
    trends: Omit<MarketTypeTrend, 'listings' | 'asking_vs_sold_pct'>[];
  };

/** The catalogue's part: published listings of the place per listing type. */
export interface MarketListingsResponse {
  types: {
    property_type: ListingType;
    published_count: number;
    priced_count: number;
    median_asking_sqm: number | null;
  }[];
}

/** The decision service's recorded sales of a place. */
export const MarketSalesRpc = {
  place: rpc<MarketPlaceRequest, MarketSalesResponse>('rpc.decision.market.sales.v1'),
};

/** The catalogue's published listings of a place. */
export const MarketListingsRpc = {
  place: rpc<MarketPlaceRequest, MarketListingsResponse>('rpc.catalogue.market.listings.v1'),
};
