import type { PROPERTY_ITEM_FIELDS, PriceChange, PropertyDetail, PropertyItem } from '@app/contracts';
import type { ListingImageRow, ListingRow } from '../listings/listings.repository';
import { numberOrNull } from '../listings/listings.repository';

/**
 * The columns a search item is made from (the search selects only these): the item's fields but
 * its image URLs, `updated_at` for a missing `listed_at`, and the image keys in order.
 */
export type PropertyItemRow = Pick<
  ListingRow,
  Exclude<(typeof PROPERTY_ITEM_FIELDS)[number], 'image_urls'> | 'updated_at'
> & { image_keys: string[] };

/**
 * Pure mappers from a published listing's row to the public shapes (spec 2.4). A published
 * listing has passed submit's completeness check, so its titles, price, area and place are set.
 */
export function toPropertyItem(
  row: Omit<PropertyItemRow, 'image_keys'>,
  imageKeys: string[],
  imageUrl: (key: string) => string,
): PropertyItem {
  return {
    id: row.id,
    title_en: row.title_en ?? '',
    title_ar: row.title_ar ?? '',
    property_type: row.property_type,
    price_sar: numberOrNull(row.price_sar) ?? 0,
    price: numberOrNull(row.price) ?? 0,
    currency: row.currency,
    area_sqm: numberOrNull(row.area_sqm) ?? 0,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    city_en: row.city_en ?? '',
    city_ar: row.city_ar ?? '',
    district_en: row.district_en ?? '',
    district_ar: row.district_ar ?? '',
    image_urls: imageKeys.map(imageUrl),
    ai_bullets_en: row.ai_bullets_en,
    listed_at: new Date(row.listed_at ?? row.updated_at).toISOString(),
  };
}

/** Many rows at once, each with its own images (grouped once, not searched per row). */
export function toPropertyItems(
  rows: ListingRow[],
  images: ListingImageRow[],
  imageUrl: (key: string) => string,
): PropertyItem[] {
  const byListing = new Map<string, ListingImageRow[]>();
  for (const image of images) byListing.set(image.listing_id, [...(byListing.get(image.listing_id) ?? []), image]);
  return rows.map((row) => toPropertyItem(row, imageKeys(byListing.get(row.id) ?? []), imageUrl));
}

/** The display keys of a listing's images, in their order. */
export function imageKeys(images: ListingImageRow[]): string[] {
  return [...images].sort((a, b) => a.position - b.position).map((image) => image.display_key);
}

/** A published listing's price history and its change over the last 30 days. */
export interface PriceTrend {
  price_history: PriceChange[];
  price_change_pct_30d: number | null;
}

export function toPropertyDetail(
  row: ListingRow,
  images: ListingImageRow[],
  imageUrl: (key: string) => string,
  trend: PriceTrend,
): PropertyDetail {
  return {
    object: 'property',
    ...toPropertyItem(row, imageKeys(images), imageUrl),
    description_en: row.description_en ?? '',
    description_ar: row.description_ar ?? '',
    ai_bullets_ar: row.ai_bullets_ar,
    lat: row.lat,
    lng: row.lng,
    ...trend,
  };
}
