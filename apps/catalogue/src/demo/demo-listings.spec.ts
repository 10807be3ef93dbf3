import type { ResolvedPlace } from '@app/contracts';
import { DEMO_LISTINGS_PER_CITY, demoListings } from './demo-listings';

const MARINA: ResolvedPlace = {
  country_code: 'AE',
  city_id: 1_000_000_000,
  district_id: 1_000_000_392,
  city_en: 'Dubai',
  city_ar: 'دبي',
  district_en: 'Marsa Dubai',
  district_ar: 'مرسى دبي',
  time_zone: 'Asia/Dubai',
};
const OLAYA: ResolvedPlace = {
  ...MARINA,
  country_code: 'SA',
  city_id: 3,
  district_id: 10100003075,
  city_en: 'Riyadh',
  city_ar: 'الرياض',
  district_en: 'Al Olaya',
  district_ar: 'حي العليا',
  time_zone: 'Asia/Riyadh',
};
const NOW = new Date('2026-11-23T12:00:00Z');

describe('demoListings', () => {
  it('should make the same published, bilingual listings every time when given the same seed', () => {
    const first = demoListings('Riyadh', [OLAYA], NOW, 1);
    expect(first).toHaveLength(DEMO_LISTINGS_PER_CITY);
    expect(demoListings('Riyadh', [OLAYA], NOW, 1)).toEqual(first);
    for (const listing of first) {
      expect(listing.status).toBe('published');
      expect(listing.title_ar).toMatch(/العليا/);
      expect(listing.currency).toBe('SAR');
      expect(listing.price_sar).toBe(listing.price);
      expect(listing.listed_at!.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('should price Dubai in AED with price_sar at the peg when the place is in the UAE', () => {
    const [listing] = demoListings('Dubai', [MARINA], NOW, 4);
    expect(listing.currency).toBe('AED');
    expect(Number(listing.price_sar)).toBeCloseTo((Number(listing.price) * 3.75) / 3.6725, 1);
  });

  it('should give land, shops and offices no bedrooms when they are generated', () => {
    for (const listing of demoListings('Riyadh', [OLAYA], NOW, 2))
      if (listing.property_type !== 'apartment' && listing.property_type !== 'villa')
        expect([listing.bedrooms, listing.bathrooms]).toEqual([null, null]);
  });
});
