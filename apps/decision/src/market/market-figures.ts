import { PROPERTY_TYPES } from '@app/contracts';
import type { MarketSalesResponse, PropertyType } from '@app/contracts';
import { quarterLabel, quarterSeries, salesWindow, yearOverYear } from './market-quarters';
import type { MarketWindow, Quarter, SalesAggregate } from './market-quarters';
import type { PlaceSales } from './market.repository';

/** The sales part of an answer: everything but the place, which the gazetteer names. */
export type SalesFigures = Omit<
  MarketSalesResponse,
  'scope' | 'id' | 'name_ar' | 'name_en' | 'city_id' | 'city_name_ar' | 'city_name_en'
>;

/** The answer's sales part from the query rows (pure). */
export function figuresOf(window: MarketWindow, rows: PlaceSales, version: number): SalesFigures {
  const byType = new Map<PropertyType, Map<string, SalesAggregate>>();
  for (const row of rows.quarters) {
    const byQuarter = byType.get(row.property_type) ?? new Map<string, SalesAggregate>();
    byQuarter.set(row.quarter, { median: row.median, count: row.count });
    byType.set(row.property_type, byQuarter);
  }
  const windowOf = (type: PropertyType, which: 'current' | 'previous'): SalesAggregate => {
    const row = rows.windows.find((candidate) => candidate.property_type === type && candidate.window === which);
    return row ? { median: row.median, count: row.count } : { median: null, count: 0 };
  };
  const trends = PROPERTY_TYPES.filter((type) => byType.has(type)).map((type) => {
    const current = salesWindow(window.current.first, window.current.last, windowOf(type, 'current'));
    const previous = salesWindow(window.previous.first, window.previous.last, windowOf(type, 'previous'));
    return { property_type: type, current, previous, yoy_pct: yearOverYear(current, previous) };
  });
  const first = window.quarters[0];
  const last = window.quarters[window.quarters.length - 1];
  return {
    from_quarter: quarterLabel(first),
    to_quarter: quarterLabel(last),
    quarters: quarterSeries(window.quarters, byType),
    trends,
    sources: rows.sources.map((row) => ({ source: row.source, transaction_count: row.count })),
    years: yearsOf(first, last),
    transaction_count: rows.sources.reduce((sum, row) => sum + row.count, 0),
    first_sale_date: rows.sources.length ? rows.sources.map((row) => row.first_date).sort()[0] : null,
    last_sale_date: rows.sources.length
      ? rows.sources
          .map((row) => row.last_date)
          .sort()
          .reverse()[0]
      : null,
    data_version: version,
    computed_at: new Date().toISOString(),
  };
}

function yearsOf(first: Quarter, last: Quarter): number[] {
  return Array.from({ length: last.year - first.year + 1 }, (_, i) => first.year + i);
}
