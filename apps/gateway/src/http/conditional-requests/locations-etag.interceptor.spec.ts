import { normalisedLocationsQuery } from './locations-etag.interceptor';

describe('normalisedLocationsQuery', () => {
  it('should name the same search the same way however it is written', () => {
    expect(normalisedLocationsQuery({ city: ' Riyadh ', district: 'Olaya' })).toBe(
      normalisedLocationsQuery({ district: 'Olaya ', city: 'Riyadh' }),
    );
    expect(normalisedLocationsQuery({ city: 'Riyadh', districts: 'TRUE' })).toBe(
      normalisedLocationsQuery({ city: 'Riyadh', districts: 'true' }),
    );
  });

  it('should tell different searches apart', () => {
    expect(normalisedLocationsQuery({ city: 'Riyadh' })).not.toBe(normalisedLocationsQuery({ district: 'Riyadh' }));
    expect(normalisedLocationsQuery({ city: 'Riyadh' })).not.toBe(
      normalisedLocationsQuery({ city: 'Riyadh', districts: 'true' }),
    );
  });

  it('should give no key to a query the route refuses, so a 304 never stands in for an error', () => {
    expect(normalisedLocationsQuery({})).toBeUndefined();
    expect(normalisedLocationsQuery({ city: 'R' })).toBeUndefined();
    expect(normalisedLocationsQuery({ city: 'Riyadh', districts: 'maybe' })).toBeUndefined();
    expect(normalisedLocationsQuery({ city: 'Riyadh', page: '2' })).toBeUndefined();
    expect(normalisedLocationsQuery({ city: ['Riyadh', 'Jeddah'] })).toBeUndefined();
  });
});
