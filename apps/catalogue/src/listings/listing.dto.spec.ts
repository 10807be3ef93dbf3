import type { ListingImageRow, ListingRow } from './listings.repository';
import { toListingResponse, toListingsPage } from './listing.dto';

const row = (overrides: Partial<ListingRow> = {}): ListingRow => ({
  id: '8d3c1b44-6c3e-4c1e-9f57-3b0d0c1f0a11',
  workspace_id: '2f0b3c55-1111-4a2b-8c3d-4e5f6a7b8c9d',
  seller_id: null,
  created_by: '0e6f7a88-2222-4b3c-9d4e-5f6a7b8c9d0e',
  status: 'published',
  property_type: 'apartment',
  title_en: 'Apartment',
  title_ar: 'شقة في العليا',
  description_en: null,
  description_ar: null,
  price: '1000000.00',
  currency: 'AED',
  price_sar: '1021102.79',
  country_code: 'AE',
  city_id: '2000000001',
  district_id: '1000000392',
  city_en: 'Dubai',
  city_ar: 'دبي',
  district_en: 'Dubai Marina',
  district_ar: 'مرسى دبي',
  time_zone: 'Asia/Dubai',
  area_sqm: '120.50',
  bedrooms: 2,
  bathrooms: 2,
  lat: 25.08,
  lng: 55.14,
  external_ref: null,
  project_id: null,
  unit_id: null,
  licence_number: '71234567',
  rejection_reason: null,
  flags: [],
  ai_bullets_en: [],
  ai_bullets_ar: [],
  listed_at: new Date('2026-11-20T10:00:00Z'),
  submitted_at: new Date('2026-11-19T10:00:00Z'),
  flagged_at: null,
  created_at: new Date('2026-11-18T10:00:00Z'),
  updated_at: new Date('2026-11-20T10:00:00Z'),
  ...overrides,
});

const image = (position: number, listingId = row().id): ListingImageRow => ({
  id: `img-${position}`,
  listing_id: listingId,
  position,
  display_key: `listings/${listingId}/${position}.webp`,
  thumb_key: `listings/${listingId}/${position}-thumb.webp`,
  width: 1600,
  height: 1200,
  bytes: 1000,
  created_at: new Date(),
});

const url = (key: string) => `https://api.example.com/v1/images/${key}`;

describe('toListingResponse', () => {
  it('should turn numeric strings into numbers and leave created_by out when a row is mapped', () => {
    const listing = toListingResponse(row(), [], url);
    expect(listing).toMatchObject({
      object: 'listing',
      price: 1_000_000,
      price_sar: 1_021_102.79,
      area_sqm: 120.5,
      city_id: 2_000_000_001,
      district_id: 1_000_000_392,
      listed_at: '2026-11-20T10:00:00.000Z',
      title_ar: 'شقة في العليا',
    });
    expect(listing).not.toHaveProperty('created_by');
  });

  it('should order images by position and give absolute URLs when images come unordered', () => {
    const listing = toListingResponse(row(), [image(2), image(0), image(1)], url);
    expect(listing.images.map((i) => i.position)).toEqual([0, 1, 2]);
    expect(listing.image_urls[0]).toBe(`https://api.example.com/v1/images/listings/${row().id}/0.webp`);
    expect(listing.images[0].thumbnail_url).toContain('0-thumb.webp');
  });

  it('should keep nulls for an incomplete draft', () => {
    const draft = toListingResponse(row({ price: null, price_sar: null, area_sqm: null, listed_at: null }), [], url);
    expect(draft).toMatchObject({ price: null, price_sar: null, area_sqm: null, listed_at: null });
  });
});

describe('toListingsPage', () => {
  it('should show limit rows and say has_more when one more row was read', () => {
    const rows = [row({ id: 'a' }), row({ id: 'b' }), row({ id: 'c' })];
    const page = toListingsPage(rows, [image(0, 'b')], url, 2, 0);
    expect(page.data.map((l) => l.id)).toEqual(['a', 'b']);
    expect(page.has_more).toBe(true);
    expect(page.data[1].images).toHaveLength(1);
    expect(page.data[0].images).toHaveLength(0);
  });
});
