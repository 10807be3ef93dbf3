import { SearchPropertiesQuery } from '@app/contracts';
import { savedQueryOf, savedSearchColumns, unresolvedPlace } from './saved-search-filters';

const query = (fields: Partial<SearchPropertiesQuery>) => Object.assign(new SearchPropertiesQuery(), fields);

describe('savedSearchColumns', () => {
  it('should turn every bound into its column and leave the others null', () => {
    const columns = savedSearchColumns(
      query({ city: 'Riyadh', type: 'villa', min_price_sar: 800_000, max_price_sar: 2_000_000, min_bedrooms: 3 }),
      { city_id: 1 },
    );
    expect(columns).toEqual({
      city_id: 1,
      district_ids: null,
      property_type: 'villa',
      min_price_sar: 800_000,
      max_price_sar: 2_000_000,
      min_bedrooms: 3,
      max_bedrooms: null,
      min_area_sqm: null,
      max_area_sqm: null,
      text_patterns: null,
      reduced: false,
    });
  });

  it('should keep the districts once each, in order, and only when a district was asked for', () => {
    expect(savedSearchColumns(query({ district: 'العليا' }), { district_ids: [7, 3, 7] }).district_ids).toEqual([3, 7]);
    expect(savedSearchColumns(query({}), { district_ids: [3] }).district_ids).toBeNull();
    expect(savedSearchColumns(query({}), { city_id: 1 }).city_id).toBeNull();
  });

  it('should normalise q as the search does (Arabic letter forms, diacritics, case) into LIKE patterns', () => {
    const columns = savedSearchColumns(query({ q: 'شُقّة  Metro 100%' }), {});
    expect(columns.text_patterns).toEqual(['%شقه%', '%metro%', '%100\\%%']);
  });

  it('should keep reduced only when it is true', () => {
    expect(savedSearchColumns(query({ reduced: true }), {}).reduced).toBe(true);
    expect(savedSearchColumns(query({ reduced: false }), {}).reduced).toBe(false);
  });
});

describe('savedQueryOf', () => {
  it('should keep the filters given and drop the order and the page', () => {
    expect(savedQueryOf(query({ city: 'جدة', type: 'apartment', sort: 'price_asc', limit: 5, offset: 10 }))).toEqual({
      city: 'جدة',
      type: 'apartment',
    });
  });
});

describe('unresolvedPlace', () => {
  it('should name the place word that found no place', () => {
    expect(unresolvedPlace(query({ city: 'Atlantis' }), {})).toBe('city');
    expect(unresolvedPlace(query({ city: 'Riyadh', district: 'Nowhere' }), { city_id: 1, district_ids: [] })).toBe(
      'district',
    );
    expect(unresolvedPlace(query({ city: 'Riyadh', district: 'Olaya' }), { city_id: 1, district_ids: [2] })).toBeNull();
    expect(unresolvedPlace(query({ type: 'villa' }), {})).toBeNull();
  });
});
