import type { ListingImageResponse, ListingResponse, ListingsPageResponse } from '@app/contracts';
import type { ListingImageRow, ListingRow } from './listings.repository';
import { numberOrNull } from './listings.repository';

/** Pure mappers from rows to the contract's listing shape (everything but `created_by`). */
export function toListingResponse(
  row: ListingRow,
  images: ListingImageRow[],
  imageUrl: (key: string) => string,
): ListingResponse {
  const ordered = [...images].sort((a, b) => a.position - b.position);
  const imageItems = ordered.map((image) => toListingImageResponse(image, imageUrl));
  return {
    object: 'listing',
    id: row.id,
    workspace_id: row.workspace_id,
    seller_id: row.seller_id ?? null,
    status: row.status,
    property_type: row.property_type,
    title_en: row.title_en,
    title_ar: row.title_ar,
    description_en: row.description_en,
    description_ar: row.description_ar,
    price: numberOrNull(row.price),
    currency: row.currency,
    price_sar: numberOrNull(row.price_sar),
    country_code: row.country_code,
    city_id: numberOrNull(row.city_id),
    district_id: numberOrNull(row.district_id),
    city_en: row.city_en,
    city_ar: row.city_ar,
    district_en: row.district_en,
    district_ar: row.district_ar,
    time_zone: row.time_zone,
    area_sqm: numberOrNull(row.area_sqm),
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    lat: row.lat,
    lng: row.lng,
    external_ref: row.external_ref,
    licence_number: row.licence_number,
    rejection_reason: row.rejection_reason,
    flags: row.flags,
    ai_bullets_en: row.ai_bullets_en,
    ai_bullets_ar: row.ai_bullets_ar,
    project_id: row.project_id ?? null,
    unit_id: row.unit_id ?? null,
    listed_at: iso(row.listed_at),
    submitted_at: iso(row.submitted_at),
    flagged_at: iso(row.flagged_at ?? null),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    image_urls: imageItems.map((image) => image.url),
    images: imageItems,
  };
}

export function toListingImageResponse(
  image: ListingImageRow,
  imageUrl: (key: string) => string,
): ListingImageResponse {
  return {
    id: image.id,
    position: image.position,
    url: imageUrl(image.display_key),
    thumbnail_url: imageUrl(image.thumb_key),
    width: image.width,
    height: image.height,
  };
}

export function toListingsPage(
  rows: ListingRow[],
  images: ListingImageRow[],
  imageUrl: (key: string) => string,
  limit: number,
  offset: number,
): ListingsPageResponse {
  const shown = rows.slice(0, limit);
  return {
    object: 'list',
    data: shown.map((row) =>
      toListingResponse(
        row,
        images.filter((image) => image.listing_id === row.id),
        imageUrl,
      ),
    ),
    limit,
    offset,
    has_more: rows.length > limit,
  };
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
