import type { CountryCode, DecisionBenchmark, ListingFlag, ListingType } from '@app/contracts';

/** Price per m² outside [p25 / 1.5, p75 × 1.5] of the benchmark is flagged. */
export const PRICE_BAND_FACTOR = 1.5;

/** Plausible areas per type, m² (outside: flagged as unusual for the type). */
export const USUAL_AREA_SQM: Record<ListingType, { min: number; max: number }> = {
  apartment: { min: 30, max: 600 },
  villa: { min: 150, max: 3000 },
  land: { min: 100, max: 100_000 },
  shop: { min: 10, max: 5000 },
  office: { min: 20, max: 10_000 },
};

/** Near-duplicate: same workspace, place and type, area and price within ±5 %. */
export const DUPLICATE_TOLERANCE = 0.05;

/**
 * Licence formats checked (format only; the registries are not queried):
 * - SA: REGA advertising licence, 10 digits (e.g. 7200012345);
 * - AE: Dubai Trakheesi / DLD advertising permit, 6-12 digits.
 * Arabic-Indic digits are read as digits; spaces and dashes are ignored.
 */
export const LICENCE_FORMATS: Record<CountryCode, { pattern: RegExp; name: string; expected: string }> = {
  SA: { pattern: /^\d{10}$/, name: 'REGA advertising licence', expected: '10 digits' },
  AE: { pattern: /^\d{6,12}$/, name: 'Trakheesi permit', expected: '6-12 digits' },
};

export interface PriceBand {
  low: number;
  high: number;
}

export function priceBand(benchmark: Pick<DecisionBenchmark, 'p25_sqm' | 'p75_sqm'>): PriceBand {
  return {
    low: round2(benchmark.p25_sqm / PRICE_BAND_FACTOR),
    high: round2(benchmark.p75_sqm * PRICE_BAND_FACTOR),
  };
}

export function outsideBand(pricePerSqm: number, band: PriceBand): boolean {
  return pricePerSqm < band.low || pricePerSqm > band.high;
}

/** The listing as the checks see it (SAR prices, resolved place). */
export interface FlagFacts {
  id: string;
  property_type: ListingType;
  price_sar: number | null;
  area_sqm: number | null;
  district_id: number | null;
  country_code: CountryCode | null;
  licence_number: string | null;
}

/** Another listing of the same workspace, place and type. */
export interface DuplicateCandidate {
  id: string;
  price_sar: number | null;
  area_sqm: number | null;
}

export function computeFlags(
  listing: FlagFacts,
  benchmark: DecisionBenchmark | null,
  sameWorkspacePlaceAndType: DuplicateCandidate[],
): ListingFlag[] {
  return [
    ...priceFlag(listing, benchmark),
    ...areaFlag(listing),
    ...duplicateFlag(listing, sameWorkspacePlaceAndType),
    ...licenceFlag(listing),
  ];
}

function priceFlag(listing: FlagFacts, benchmark: DecisionBenchmark | null): ListingFlag[] {
  if (!benchmark || listing.price_sar === null || !listing.area_sqm) return [];
  const perSqm = round2(listing.price_sar / listing.area_sqm);
  const band = priceBand(benchmark);
  if (!outsideBand(perSqm, band)) return [];
  const side = perSqm < band.low ? 'below' : 'above';
  return [
    {
      code: 'price_outside_band',
      message: `Price per m² (${perSqm} SAR) is ${side} the ${benchmark.scope} benchmark band ${band.low}-${band.high} SAR.`,
      price_per_sqm: perSqm,
      band_low: band.low,
      band_high: band.high,
      scope: benchmark.scope,
      year: benchmark.year,
    },
  ];
}

function areaFlag(listing: FlagFacts): ListingFlag[] {
  if (listing.area_sqm === null) return [];
  const usual = USUAL_AREA_SQM[listing.property_type];
  if (listing.area_sqm >= usual.min && listing.area_sqm <= usual.max) return [];
  return [
    {
      code: 'unusual_area',
      message: `${listing.area_sqm} m² is unusual for a ${listing.property_type} (usual ${usual.min}-${usual.max} m²).`,
      area_sqm: listing.area_sqm,
      usual_min: usual.min,
      usual_max: usual.max,
    },
  ];
}

function within(a: number | null, b: number | null): boolean {
  if (a === null || b === null || b === 0) return false;
  return Math.abs(a - b) <= DUPLICATE_TOLERANCE * b;
}

function duplicateFlag(listing: FlagFacts, candidates: DuplicateCandidate[]): ListingFlag[] {
  const duplicates = candidates.filter(
    (other) =>
      other.id !== listing.id && within(listing.area_sqm, other.area_sqm) && within(listing.price_sar, other.price_sar),
  );
  if (duplicates.length === 0) return [];
  return [
    {
      code: 'possible_duplicate',
      message: `Looks like ${duplicates.length === 1 ? 'another listing' : `${duplicates.length} other listings`} of the same owner (same place and type, area and price within 5 %).`,
      listing_ids: duplicates.map((d) => d.id),
    },
  ];
}

/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits as ASCII; spaces and dashes dropped. */
export function normaliseLicence(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s-]/g, '');
}

function licenceFlag(listing: FlagFacts): ListingFlag[] {
  const format = listing.country_code ? LICENCE_FORMATS[listing.country_code] : undefined;
  if (!listing.licence_number) {
    return [
      {
        code: 'licence_missing',
        message: `No ${format?.name ?? 'advertising licence'} number was given.`,
      },
    ];
  }
  if (!format || format.pattern.test(normaliseLicence(listing.licence_number))) return [];
  return [
    {
      code: 'licence_malformed',
      message: `"${listing.licence_number}" is not a ${format.name} number (${format.expected}).`,
      expected: format.expected,
    },
  ];
}

/**
 * The findings of a published listing's edit that flag it to moderators: those whose code is
 * not among the flags it already carries (what the moderator saw when approving it, or the
 * edit flag still awaiting review), so an accepted finding does not flag every later edit.
 */
export function freshFindings(seen: ListingFlag[], findings: ListingFlag[]): ListingFlag[] {
  const codes = new Set(seen.map((flag) => flag.code));
  return findings.filter((flag) => !codes.has(flag.code));
}

/**
 * The flag that heads a flagged live edit: what changed, for the moderator to look at; while
 * the listing awaits review, the fields of every edit since it was flagged (`earlier`: its flags).
 */
export function changedAfterPublication(changed: string[], earlier: ListingFlag[] = []): ListingFlag {
  const before = earlier.find((flag) => flag.code === 'changed_after_publication')?.changed;
  const fields = [...new Set([...(Array.isArray(before) ? (before as string[]) : []), ...changed])];
  return {
    code: 'changed_after_publication',
    message: `Changed after publication (${fields.join(', ')}); the edit is live.`,
    changed: fields,
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
