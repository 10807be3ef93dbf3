import { MAX_COMPARABLES } from '@app/contracts';
import type { ComparableSource, DecisionComparable } from '@app/contracts';

/** A comparable sale's area may differ from the property's by this share either way. */
export const COMPARABLE_AREA_BAND = 0.25;

/**
 * Fewest comparable sales in the district before the district alone is cited: below it the
 * evidence is one or two deals, so the city's sales of the type (the district's among them)
 * are cited instead.
 */
export const MIN_DISTRICT_COMPARABLES = 3;

/** Where comparables are looked for: the benchmark's year, the property's place, type and area. */
export interface ComparablesQuery {
  cityId: number;
  districtId: number;
  type: string;
  year: number;
  area: number;
}

/** The smallest and largest comparable area for a property's area, in m² (two decimals, as stored). */
export function areaBand(area: number): { min: number; max: number } {
  return {
    min: Math.ceil(area * (1 - COMPARABLE_AREA_BAND) * 100) / 100,
    max: Math.floor(area * (1 + COMPARABLE_AREA_BAND) * 100) / 100,
  };
}

/** One stored sale as the repository reads it, newest first within its pool. */
export interface ComparableRow {
  pool: 'district' | 'city';
  date: string;
  area_sqm: string;
  price_sar: string;
  source: ComparableSource;
  district_id: string | null;
}

/** The sales a decision cites and where they were drawn from. */
export interface ComparableSales {
  scope: 'district' | 'city';
  sales: DecisionComparable[];
}

function toComparable(row: ComparableRow): DecisionComparable {
  const area = Number(row.area_sqm);
  const price = Number(row.price_sar);
  return {
    date: row.date,
    area_sqm: area,
    price_sar: price,
    price_per_sqm: Math.round(price / area),
    source: row.source,
    district_id: row.district_id === null ? null : Number(row.district_id),
  };
}

/**
 * The district's comparable sales when it has at least MIN_DISTRICT_COMPARABLES, else the
 * city's; at most MAX_COMPARABLES, newest first (ties: the order the rows came in).
 */
export function chooseComparables(rows: ComparableRow[]): ComparableSales {
  const district = rows.filter((row) => row.pool === 'district');
  const scope = district.length >= MIN_DISTRICT_COMPARABLES ? 'district' : 'city';
  const pool = scope === 'district' ? district : rows.filter((row) => row.pool === 'city');
  const sales = pool
    .map((row, order) => ({ row, order }))
    .sort((a, b) => b.row.date.localeCompare(a.row.date) || a.order - b.order)
    .slice(0, MAX_COMPARABLES)
    .map(({ row }) => toComparable(row));
  return { scope, sales };
}
