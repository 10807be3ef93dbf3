import { AppError } from '@app/errors';
import { LocationIndex } from '../locations/location-index';
import { resolvePlace } from './resolve-place';

const index = new LocationIndex({
  cities: [
    { id: 3, name_ar: 'الرياض', name_en: 'Riyadh' },
    { id: 18, name_ar: 'جدة', name_en: 'Jeddah' },
  ],
  districts: [
    { id: 101, city_id: 3, name_ar: 'حي العليا', name_en: 'Al Olaya' },
    { id: 102, city_id: 3, name_ar: 'حي الملقا', name_en: 'Al Malqa' },
    { id: 201, city_id: 18, name_ar: 'حي الروضة', name_en: 'Al Rawdah' },
  ],
  aliases: [],
});

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('resolvePlace', () => {
  it('should resolve Arabic city and district names to both languages when they match one place', () => {
    expect(resolvePlace(index, { city: 'الرياض', district: 'العليا' })).toMatchObject({
      city_id: 3,
      district_id: 101,
      district_name_en: 'Al Olaya',
      city_name_ar: 'الرياض',
    });
  });

  it('should name the listing field without the decision prefix when a district is unknown', () => {
    const err = errorOf(() => resolvePlace(index, { city: 'Riyadh', district: 'Qqqqzzzz', field_prefix: '' }));
    expect(err.toEnvelope()).toMatchObject({ error: 'validation_error', field: 'district', suggestions: [] });
    expect(err.message).not.toContain('location.');
  });

  it('should use the given prefix for the missing field and its details when the district is absent', () => {
    const err = errorOf(() => resolvePlace(index, { city: 'Riyadh', field_prefix: 'place.' }));
    expect(err.toEnvelope()).toMatchObject({
      field: 'place.district',
      code: 'MISSING_REQUIRED_FIELDS',
      details: { missing: ['place.district'] },
    });
  });

  it('should name city_id when the city id is unknown', () => {
    expect(errorOf(() => resolvePlace(index, { city_id: 999, district: 'Olaya' })).extras.field).toBe('city_id');
  });

  it.each([
    ['an unknown district', { city: 'Riyadh', district: 'Qqqqzzzz' }, 'district'],
    ['an ambiguous district', { city: 'Riyadh', district: 'Al' }, 'district'],
    ['an unknown city', { city: 'Qqqqzzzz', district: 'Olaya' }, 'city'],
    ['an unknown city id', { city_id: 999, district: 'Olaya' }, 'city_id'],
    ['an unknown district id', { district_id: 999 }, 'district_id'],
  ])('should carry details.fields like every other 422 when the place is %s', (_case, request, field) => {
    const err = errorOf(() => resolvePlace(index, { ...request, field_prefix: '' }));
    expect(err.status).toBe(422);
    expect(err.toEnvelope()).toMatchObject({
      error: 'validation_error',
      code: 'INVALID_FIELD_TYPE',
      field,
      details: { fields: [{ field, expected: err.message }] },
    });
  });

  it('should keep the decision prefix in details.fields when a decision names the place', () => {
    const err = errorOf(() => resolvePlace(index, { city: 'Riyadh', district: 'Al', field_prefix: 'location.' }));
    expect(err.toEnvelope()).toMatchObject({
      field: 'location.district',
      details: { fields: [{ field: 'location.district' }] },
    });
    expect((err.toEnvelope().suggestions as unknown[]).length).toBeGreaterThan(1);
  });
});
