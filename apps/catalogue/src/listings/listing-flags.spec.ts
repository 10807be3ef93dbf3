import type { DecisionBenchmark } from '@app/contracts';
import { changedAfterPublication, computeFlags, freshFindings, normaliseLicence, priceBand } from './listing-flags';
import type { FlagFacts } from './listing-flags';

const benchmark: DecisionBenchmark = {
  median_sqm: 8000,
  p25_sqm: 6000,
  p75_sqm: 10_000,
  year: 2025,
  transaction_count: 120,
  yoy_pct: 3.5,
  scope: 'district',
};

const listing = (overrides: Partial<FlagFacts> = {}): FlagFacts => ({
  id: 'a',
  property_type: 'apartment',
  price_sar: 1_200_000,
  area_sqm: 150,
  district_id: 1,
  country_code: 'SA',
  licence_number: '7200012345',
  ...overrides,
});

const codes = (facts: FlagFacts, bench: DecisionBenchmark | null = benchmark, others = []) =>
  computeFlags(facts, bench, others).map((flag) => flag.code);

describe('priceBand', () => {
  it('should span p25 / 1.5 to p75 × 1.5 when given a benchmark', () => {
    expect(priceBand(benchmark)).toEqual({ low: 4000, high: 15_000 });
  });
});

describe('computeFlags', () => {
  it('should raise no flag when the listing is ordinary', () => {
    expect(codes(listing())).toEqual([]);
  });

  it('should flag the price with its band when the price per m² is below p25 / 1.5', () => {
    const flags = computeFlags(listing({ price_sar: 150 * 3999 }), benchmark, []);
    expect(flags).toEqual([
      expect.objectContaining({ code: 'price_outside_band', band_low: 4000, band_high: 15_000, price_per_sqm: 3999 }),
    ]);
  });

  it('should flag the price when it is above p75 × 1.5 and not at the band edges', () => {
    expect(codes(listing({ price_sar: 150 * 15_001 }))).toEqual(['price_outside_band']);
    expect(codes(listing({ price_sar: 150 * 15_000 }))).toEqual([]);
    expect(codes(listing({ price_sar: 150 * 4000 }))).toEqual([]);
  });

  it('should not judge the price when there is no benchmark', () => {
    expect(codes(listing({ price_sar: 1 }), null)).toEqual([]);
  });

  it('should flag an area unusual for the type when an apartment is 12 m² or a villa 80 m²', () => {
    expect(codes(listing({ area_sqm: 12, price_sar: 12 * 8000 }))).toEqual(['unusual_area']);
    expect(codes(listing({ property_type: 'villa', area_sqm: 80, price_sar: 80 * 8000 }))).toEqual(['unusual_area']);
  });

  it('should flag a near-duplicate when area and price are within 5 % and not when either is further', () => {
    const twin = { id: 'b', price_sar: 1_240_000, area_sqm: 145 };
    const flags = computeFlags(listing(), benchmark, [twin]);
    expect(flags).toEqual([expect.objectContaining({ code: 'possible_duplicate', listing_ids: ['b'] })]);
    expect(codes(listing(), benchmark, [{ id: 'c', price_sar: 1_300_000, area_sqm: 150 }] as never)).toEqual([]);
    expect(codes(listing(), benchmark, [{ id: 'd', price_sar: 1_200_000, area_sqm: 160 }] as never)).toEqual([]);
  });

  it('should not call a listing its own duplicate', () => {
    expect(codes(listing(), benchmark, [{ id: 'a', price_sar: 1_200_000, area_sqm: 150 }] as never)).toEqual([]);
  });

  it('should flag a missing licence and a malformed one for Saudi and Dubai formats', () => {
    expect(codes(listing({ licence_number: null }))).toEqual(['licence_missing']);
    expect(codes(listing({ licence_number: '72000123' }))).toEqual(['licence_malformed']);
    expect(codes(listing({ licence_number: 'REGA-7200012345' }))).toEqual(['licence_malformed']);
    expect(codes(listing({ country_code: 'AE', licence_number: '71234567' }))).toEqual([]);
    expect(codes(listing({ country_code: 'AE', licence_number: '12345' }))).toEqual(['licence_malformed']);
  });

  it('should accept a licence written in Arabic-Indic digits with spaces', () => {
    expect(normaliseLicence('٧٢٠ ٠٠١ ٢٣٤٥')).toBe('7200012345');
    expect(codes(listing({ licence_number: '٧٢٠٠٠١٢٣٤٥' }))).toEqual([]);
  });
});

describe('a live edit of a published listing', () => {
  const licenceMissing = { code: 'licence_missing', message: 'No licence.' } as const;
  const outside = { code: 'price_outside_band', message: 'Far above.' } as const;

  it('should flag a finding the listing did not carry when the checks find it on the edit', () => {
    expect(freshFindings([licenceMissing], [licenceMissing, outside])).toEqual([outside]);
  });

  it('should not flag again what the moderator already saw when the same finding comes back', () => {
    expect(freshFindings([licenceMissing], [licenceMissing])).toEqual([]);
    expect(freshFindings([], [])).toEqual([]);
  });

  it('should head the flags with changed_after_publication naming the fields when an edit is flagged', () => {
    expect(changedAfterPublication(['price', 'price_sar'])).toMatchObject({
      code: 'changed_after_publication',
      changed: ['price', 'price_sar'],
    });
  });

  it('should name the fields of every edit since the flag when a flagged listing is edited again', () => {
    const first = changedAfterPublication(['price', 'price_sar']);
    expect(changedAfterPublication(['bedrooms', 'price'], [first, outside]).changed).toEqual([
      'price',
      'price_sar',
      'bedrooms',
    ]);
  });
});
