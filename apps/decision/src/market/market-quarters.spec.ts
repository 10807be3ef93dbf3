import {
  changePct,
  marketWindow,
  quarterLabel,
  quarterOf,
  quarterSeries,
  reportedMedian,
  yearOverYear,
} from './market-quarters';
import type { SalesAggregate } from './market-quarters';
import { figuresOf } from './market-figures';

describe('market quarters', () => {
  it('should place a date in its calendar quarter', () => {
    expect(quarterLabel(quarterOf('2025-01-01'))).toBe('2025-Q1');
    expect(quarterLabel(quarterOf('2025-03-31'))).toBe('2025-Q1');
    expect(quarterLabel(quarterOf('2025-07-15'))).toBe('2025-Q3');
    expect(quarterLabel(quarterOf('2025-12-31'))).toBe('2025-Q4');
    expect(quarterLabel(quarterOf(new Date('2026-11-27T23:59:00Z')))).toBe('2026-Q4');
  });

  it('should span 12 quarters ending with the latest, with half-open date bounds and the two trailing windows', () => {
    const window = marketWindow({ year: 2025, q: 3 });
    expect(window.quarters.map(quarterLabel)).toEqual([
      '2022-Q4', '2023-Q1', '2023-Q2', '2023-Q3', '2023-Q4', '2024-Q1',
      '2024-Q2', '2024-Q3', '2024-Q4', '2025-Q1', '2025-Q2', '2025-Q3',
    ]); // prettier-ignore
    expect(window.from).toBe('2022-10-01');
    expect(window.until).toBe('2025-10-01');
    expect(window.current).toEqual({ first: { year: 2024, q: 4 }, last: { year: 2025, q: 3 }, from: '2024-10-01' });
    expect(window.previous).toEqual({ first: { year: 2023, q: 4 }, last: { year: 2024, q: 3 }, from: '2023-10-01' });
  });

  it('should give no median from fewer than 5 sales, and say why', () => {
    expect(reportedMedian({ median: 5100.4, count: 4 })).toEqual({ median_sqm: null, reason: 'too_few_sales' });
    expect(reportedMedian({ median: null, count: 0 })).toEqual({ median_sqm: null, reason: 'too_few_sales' });
    expect(reportedMedian({ median: 5100.5, count: 5 })).toEqual({ median_sqm: 5101, reason: null });
  });

  it('should list every quarter of a type with a sale, zeros included, types in the contract order', () => {
    const window = marketWindow({ year: 2025, q: 4 }).quarters;
    const sales = new Map([
      ['villa', new Map<string, SalesAggregate>([['2025-Q4', { median: 4000, count: 6 }]])],
      ['apartment', new Map<string, SalesAggregate>([['2024-Q1', { median: 7000, count: 2 }]])],
    ] as const);
    const series = quarterSeries(window, sales);
    expect(series).toHaveLength(24);
    expect(series.slice(0, 12).every((q) => q.property_type === 'apartment')).toBe(true);
    expect(series.find((q) => q.property_type === 'apartment' && q.quarter === '2024-Q1')).toEqual({
      quarter: '2024-Q1',
      property_type: 'apartment',
      median_sqm: null,
      transaction_count: 2,
      reason: 'too_few_sales',
    });
    expect(series.find((q) => q.property_type === 'apartment' && q.quarter === '2025-Q4')).toMatchObject({
      median_sqm: null,
      transaction_count: 0,
    });
    expect(series[23]).toEqual({
      quarter: '2025-Q4',
      property_type: 'villa',
      median_sqm: 4000,
      transaction_count: 6,
      reason: null,
    });
  });

  it('should compute the year-over-year change from the two reported medians, null when either is missing', () => {
    const window = (median_sqm: number | null) => ({
      from_quarter: '2025-Q1',
      to_quarter: '2025-Q4',
      median_sqm,
      transaction_count: median_sqm === null ? 3 : 9,
      reason: median_sqm === null ? ('too_few_sales' as const) : null,
    });
    expect(yearOverYear(window(5500), window(5000))).toBe(10);
    expect(yearOverYear(window(4875), window(5000))).toBe(-2.5);
    expect(yearOverYear(window(5500), window(null))).toBeNull();
    expect(yearOverYear(window(null), window(5000))).toBeNull();
    expect(changePct(1, 3)).toBe(-66.7);
  });

  it('should assemble the sales part from query rows: windows, change, provenance', () => {
    const window = marketWindow({ year: 2025, q: 4 });
    const figures = figuresOf(
      window,
      {
        quarters: [
          { property_type: 'apartment', quarter: '2025-Q4', median: 6600, count: 5 },
          { property_type: 'apartment', quarter: '2024-Q4', median: 6000, count: 5 },
        ],
        windows: [
          { property_type: 'apartment', window: 'current', median: 6600, count: 5 },
          { property_type: 'apartment', window: 'previous', median: 6000, count: 5 },
        ],
        sources: [
          { source: 'moj', count: 7, first_date: '2024-10-03', last_date: '2025-11-30' },
          { source: 'csv', count: 3, first_date: '2024-11-01', last_date: '2025-12-01' },
        ],
      },
      4,
    );
    expect(figures).toMatchObject({
      from_quarter: '2023-Q1',
      to_quarter: '2025-Q4',
      years: [2023, 2024, 2025],
      transaction_count: 10,
      first_sale_date: '2024-10-03',
      last_sale_date: '2025-12-01',
      data_version: 4,
      sources: [
        { source: 'moj', transaction_count: 7 },
        { source: 'csv', transaction_count: 3 },
      ],
    });
    expect(figures.quarters).toHaveLength(12);
    expect(figures.trends).toEqual([
      {
        property_type: 'apartment',
        current: {
          from_quarter: '2025-Q1',
          to_quarter: '2025-Q4',
          median_sqm: 6600,
          transaction_count: 5,
          reason: null,
        },
        previous: {
          from_quarter: '2024-Q1',
          to_quarter: '2024-Q4',
          median_sqm: 6000,
          transaction_count: 5,
          reason: null,
        },
        yoy_pct: 10,
      },
    ]);
  });
});
