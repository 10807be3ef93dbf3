import type { MarketListingsResponse, MarketSalesResponse } from '@app/contracts';
import { askingVsSoldPct, listingsOf, marketTrends, shiftQuarter } from './market-trends';

const sales: MarketSalesResponse = {
  scope: 'district',
  id: 10100003075,
  name_ar: 'العليا',
  name_en: 'Al Olaya',
  city_id: 3,
  city_name_ar: 'الرياض',
  city_name_en: 'Riyadh',
  from_quarter: '2023-Q1',
  to_quarter: '2025-Q4',
  quarters: [],
  trends: [
    {
      property_type: 'apartment',
      current: { from_quarter: '2025-Q1', to_quarter: '2025-Q4', median_sqm: 6000, transaction_count: 8, reason: null },
      previous: {
        from_quarter: '2024-Q1',
        to_quarter: '2024-Q4',
        median_sqm: 5000,
        transaction_count: 6,
        reason: null,
      },
      yoy_pct: 20,
    },
  ],
  sources: [{ source: 'moj', transaction_count: 14 }],
  years: [2023, 2024, 2025],
  transaction_count: 14,
  first_sale_date: '2024-01-05',
  last_sale_date: '2025-12-20',
  data_version: 2,
  computed_at: '2026-01-01T00:00:00.000Z',
};

const listings = (types: MarketListingsResponse['types']): MarketListingsResponse => ({ types });

describe('market trends (gateway)', () => {
  it('should give the asking vs sold gap in percent with one decimal, null without either median', () => {
    expect(askingVsSoldPct(6600, 6000)).toBe(10);
    expect(askingVsSoldPct(5900, 6000)).toBe(-1.7);
    expect(askingVsSoldPct(null, 6000)).toBeNull();
    expect(askingVsSoldPct(6600, null)).toBeNull();
  });

  it('should give no asking median from fewer than 5 priced listings, and count a shop as commercial', () => {
    const few = listings([{ property_type: 'shop', published_count: 6, priced_count: 4, median_asking_sqm: 9000 }]);
    expect(listingsOf(few, 'commercial')).toEqual({
      published_count: 6,
      median_asking_sqm: null,
      reason: 'too_few_listings',
    });
    const enough = listings([
      { property_type: 'shop', published_count: 5, priced_count: 5, median_asking_sqm: 9000.6 },
    ]);
    expect(listingsOf(enough, 'commercial')).toEqual({ published_count: 5, median_asking_sqm: 9001, reason: null });
    expect(listingsOf(enough, 'apartment')).toEqual({
      published_count: 0,
      median_asking_sqm: null,
      reason: 'too_few_listings',
    });
  });

  it('should put listings beside sales per type, add a type that has only listings, and sum the provenance', () => {
    const answer = marketTrends(
      sales,
      listings([
        { property_type: 'apartment', published_count: 5, priced_count: 5, median_asking_sqm: 6600 },
        { property_type: 'villa', published_count: 2, priced_count: 2, median_asking_sqm: 4000 },
      ]),
    );
    expect(answer).toMatchObject({
      object: 'market_trends',
      currency: 'SAR',
      name_ar: 'العليا',
      city_name_ar: 'الرياض',
    });
    expect(answer.property_types).toEqual([
      {
        property_type: 'apartment',
        current: sales.trends[0].current,
        previous: sales.trends[0].previous,
        yoy_pct: 20,
        listings: { published_count: 5, median_asking_sqm: 6600, reason: null },
        asking_vs_sold_pct: 10,
      },
      {
        property_type: 'villa',
        current: {
          from_quarter: '2025-Q1',
          to_quarter: '2025-Q4',
          median_sqm: null,
          transaction_count: 0,
          reason: 'too_few_sales',
        },
        previous: {
          from_quarter: '2024-Q1',
          to_quarter: '2024-Q4',
          median_sqm: null,
          transaction_count: 0,
          reason: 'too_few_sales',
        },
        yoy_pct: null,
        listings: { published_count: 2, median_asking_sqm: null, reason: 'too_few_listings' },
        asking_vs_sold_pct: null,
      },
    ]);
    expect(answer.provenance).toMatchObject({ transaction_count: 14, listing_count: 7, data_version: 2 });
  });

  it('should move a quarter label across years', () => {
    expect(shiftQuarter('2025-Q4', -3)).toBe('2025-Q1');
    expect(shiftQuarter('2025-Q1', -1)).toBe('2024-Q4');
    expect(shiftQuarter('2025-Q2', -7)).toBe('2023-Q3');
  });
});
