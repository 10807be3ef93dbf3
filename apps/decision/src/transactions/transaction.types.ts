import type { PropertyType } from '@app/contracts';

/** Where a stored transaction came from; `source` + record hash is unique. */
export const TRANSACTION_SOURCES = ['dld', 'moj', 'csv', 'synthetic'] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

/** The file formats the importer reads, detected from the header row. */
export const TRANSACTION_FORMATS = ['dld-pulse', 'dld-website', 'moj', 'plain'] as const;
export type TransactionFormat = (typeof TRANSACTION_FORMATS)[number];

/** Why a row was not imported; every row read is either imported or counted under one of these. */
export const SKIP_REASONS = [
  'unparseable_date',
  'unparseable_price',
  'unparseable_area',
  'unknown_place',
  'unsupported_type',
  'untyped_residential',
  'non_sale',
  'multi_property',
  'duplicate',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Where a row says it is, before the gazetteer places it: ids when known, else names. */
export interface PlaceText {
  cityId?: number;
  city?: string;
  districtId?: number;
  district?: string;
}

/** One source row read and normalised (SAR, m², ISO date), not yet placed. */
export interface ParsedTransaction {
  source: TransactionSource;
  sourceRef: string | null;
  /** sha256 of the whole source record: the same row read twice gives the same hash. */
  recordHash: string;
  /** YYYY-MM-DD. */
  date: string;
  place: PlaceText;
  propertyType: PropertyType;
  priceSar: number;
  areaSqm: number;
}

/** A transaction ready to store: placed on a gazetteer city (and district when known). */
export interface TransactionRow {
  source: TransactionSource;
  sourceRef: string | null;
  recordHash: string;
  date: string;
  cityId: number;
  districtId: number | null;
  propertyType: PropertyType;
  priceSar: number;
  areaSqm: number;
}

/** What reading a row gives: the transaction, or why it is left out. */
export type RowOutcome = { ok: true; transaction: ParsedTransaction } | { ok: false; reason: SkipReason };

export const skipped = (reason: SkipReason): RowOutcome => ({ ok: false, reason });

export function emptySkipCounts(): Record<SkipReason, number> {
  return Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])) as Record<SkipReason, number>;
}
