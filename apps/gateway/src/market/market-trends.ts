import { MARKET_MIN_SAMPLE, MARKET_TYPE_OF_LISTING, PROPERTY_TYPES } from '@app/contracts';
import type {
  MarketListings,
  MarketListingsResponse,
  MarketSalesResponse,
  MarketSalesWindow,
  MarketTrendsResponse,
  MarketTypeTrend,
  PropertyType,
} from '@app/contracts';

/** Listings of one sales type: a shop's asking prices are compared with commercial sales. */
export function listingsOf(listings: MarketListingsResponse, type: PropertyType): MarketListings {
  const rows = listings.types.filter((row) => MARKET_TYPE_OF_LISTING[row.property_type] === type);
  const published = rows.reduce((sum, row) => sum + row.published_count, 0);
  // One listing type per sales type, so the row's own median is the type's (no median of medians).
  const priced = rows.length === 1 ? rows[0] : undefined;
  if (!priced || priced.priced_count < MARKET_MIN_SAMPLE || priced.median_asking_sqm === null)
    return { published_count: published, median_asking_sqm: null, reason: 'too_few_listings' };
  return { published_count: published, median_asking_sqm: Math.round(priced.median_asking_sqm), reason: null };
}

/** Asking against sold, percent with one decimal; null unless both medians are there. */
export function askingVsSoldPct(askingSqm: number | null, soldSqm: number | null): number | null {
  if (askingSqm === null || soldSqm === null || soldSqm <= 0) return null;
  return Math.round((askingSqm / soldSqm - 1) * 1000) / 10;
}

/** A window without sales (a type with listings but no sale in the quarters): `from`..`to` quarters before the last. */
function noSales(toQuarter: string, from: number, to: number): MarketSalesWindow {
  return {
    from_quarter: shiftQuarter(toQuarter, from),
    to_quarter: shiftQuarter(toQuarter, to),
    median_sqm: null,
    transaction_count: 0,
    reason: 'too_few_sales',
  };
}

/**
 * The answer: the decision service's sales beside the catalogue's listings, one trend per type
 * that has a sale in the quarters or a published listing, in the contract's type order.
 */
export function marketTrends(sales: MarketSalesResponse, listings: MarketListingsResponse): MarketTrendsResponse {
  const listed = new Set(listings.types.map((row) => MARKET_TYPE_OF_LISTING[row.property_type]));
  const types: MarketTypeTrend[] = [];
  for (const type of PROPERTY_TYPES) {
    const trend = sales.trends.find((candidate) => candidate.property_type === type);
    if (!trend && !listed.has(type)) continue;
    const typeListings = listingsOf(listings, type);
    const current = trend?.current ?? noSales(sales.to_quarter, -3, 0);
    types.push({
      property_type: type,
      current,
      previous: trend?.previous ?? noSales(sales.to_quarter, -7, -4),
      yoy_pct: trend?.yoy_pct ?? null,
      listings: typeListings,
      asking_vs_sold_pct: askingVsSoldPct(typeListings.median_asking_sqm, current.median_sqm),
    });
  }
  return {
    object: 'market_trends',
    scope: sales.scope,
    id: sales.id,
    name_ar: sales.name_ar,
    name_en: sales.name_en,
    city_id: sales.city_id,
    city_name_ar: sales.city_name_ar,
    city_name_en: sales.city_name_en,
    currency: 'SAR',
    from_quarter: sales.from_quarter,
    to_quarter: sales.to_quarter,
    quarters: sales.quarters,
    property_types: types,
    provenance: {
      sources: sales.sources,
      years: sales.years,
      transaction_count: sales.transaction_count,
      first_sale_date: sales.first_sale_date,
      last_sale_date: sales.last_sale_date,
      listing_count: listings.types.reduce((sum, row) => sum + row.published_count, 0),
      data_version: sales.data_version,
      computed_at: sales.computed_at,
    },
  };
}

/** `2025-Q3` moved by `by` quarters. */
export function shiftQuarter(label: string, by: number): string {
  const index = Number(label.slice(0, 4)) * 4 + Number(label.slice(6)) - 1 + by;
  return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
}
