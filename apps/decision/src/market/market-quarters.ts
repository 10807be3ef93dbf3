import { MARKET_MIN_SAMPLE, MARKET_QUARTERS, PROPERTY_TYPES } from '@app/contracts';
import type { MarketQuarter, MarketSalesWindow, PropertyType } from '@app/contracts';

/** A calendar quarter: `index` counts quarters since year 0, so windows are integer ranges. */
export interface Quarter {
  year: number;
  /** 1 to 4. */
  q: number;
}

/** Median and count of a set of sales, as the SQL computed them (the median over any count). */
export interface SalesAggregate {
  median: number | null;
  count: number;
}

export const quarterIndex = ({ year, q }: Quarter): number => year * 4 + (q - 1);

export const quarterAt = (index: number): Quarter => ({ year: Math.floor(index / 4), q: (index % 4) + 1 });

export const quarterLabel = ({ year, q }: Quarter): string => `${year}-Q${q}`;

/** The quarter a YYYY-MM-DD date (or a Date, read in UTC) falls in. */
export function quarterOf(date: string | Date): Quarter {
  const iso = typeof date === 'string' ? date : date.toISOString();
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  return { year, q: Math.ceil(month / 3) };
}

/** The first day of a quarter, YYYY-MM-DD. */
export function quarterStart({ year, q }: Quarter): string {
  return `${String(year).padStart(4, '0')}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`;
}

/**
 * The answer's quarters: MARKET_QUARTERS (three years) ending with `latest`, oldest first, and the
 * date bounds of the whole window, of its last four quarters (current) and of the four before
 * (previous). Dates are half-open: `from` inclusive, `until` exclusive.
 */
export function marketWindow(latest: Quarter) {
  const last = quarterIndex(latest);
  const quarters = Array.from({ length: MARKET_QUARTERS }, (_, i) => quarterAt(last - MARKET_QUARTERS + 1 + i));
  const start = (index: number) => quarterStart(quarterAt(index));
  return {
    quarters,
    from: start(last - MARKET_QUARTERS + 1),
    until: start(last + 1),
    current: { first: quarterAt(last - 3), last: latest, from: start(last - 3) },
    previous: { first: quarterAt(last - 7), last: quarterAt(last - 4), from: start(last - 7) },
  };
}

export type MarketWindow = ReturnType<typeof marketWindow>;

/** A median only from enough sales; otherwise null and why (never a figure from 1 to 4 sales). */
export function reportedMedian(aggregate: SalesAggregate): Pick<MarketQuarter, 'median_sqm' | 'reason'> {
  if (aggregate.count < MARKET_MIN_SAMPLE || aggregate.median === null)
    return { median_sqm: null, reason: 'too_few_sales' };
  return { median_sqm: Math.round(aggregate.median), reason: null };
}

/**
 * Every quarter of the window for each type that has a sale in it, oldest first, types in the
 * contract's order: a quarter without sales is there with 0 and `too_few_sales`, so a chart's
 * gaps are visible rather than closed up.
 */
export function quarterSeries(
  window: readonly Quarter[],
  sales: ReadonlyMap<PropertyType, ReadonlyMap<string, SalesAggregate>>,
): MarketQuarter[] {
  const series: MarketQuarter[] = [];
  for (const type of PROPERTY_TYPES) {
    const byQuarter = sales.get(type);
    if (!byQuarter || byQuarter.size === 0) continue;
    for (const quarter of window) {
      const label = quarterLabel(quarter);
      const aggregate = byQuarter.get(label) ?? { median: null, count: 0 };
      series.push({
        quarter: label,
        property_type: type,
        ...reportedMedian(aggregate),
        transaction_count: aggregate.count,
      });
    }
  }
  return series;
}

/** One trailing window as answered. */
export function salesWindow(first: Quarter, last: Quarter, aggregate: SalesAggregate): MarketSalesWindow {
  return {
    from_quarter: quarterLabel(first),
    to_quarter: quarterLabel(last),
    ...reportedMedian(aggregate),
    transaction_count: aggregate.count,
  };
}

/** Percent change of `value` against `base`, one decimal; null unless both are there. */
export function changePct(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base <= 0) return null;
  return Math.round((value / base - 1) * 1000) / 10;
}

/** Year-over-year: the trailing four quarters' reported median against the four before's. */
export function yearOverYear(current: MarketSalesWindow, previous: MarketSalesWindow): number | null {
  return changePct(current.median_sqm, previous.median_sqm);
}
