import type { DecisionRequestBody } from '@app/contracts';

export interface LocationQuery {
  city?: string;
  district?: string;
}

/**
 * What users type into the location search: Arabic and English, cities and districts,
 * scoped and unscoped, with the usual typos (from test/fixtures/location-queries.json).
 */
export const LOCATION_QUERIES: LocationQuery[] = [
  { city: 'الرياض' },
  { city: 'Riyadh' },
  { city: 'Riydh' },
  { city: 'جده' },
  { city: 'Jiddah' },
  { city: 'مكه المكرمه' },
  { city: 'Makkah' },
  { city: 'المدينه' },
  { city: 'Al Khobar' },
  { city: 'الطايف' },
  { city: 'Dammam' },
  { city: 'أبها' },
  { district: 'العليا' },
  { district: 'Al Olaya Dist.' },
  { district: 'Hitteen' },
  { district: 'حطين' },
  { district: 'Yasmeen' },
  { district: 'Malga' },
  { district: 'الصحافه' },
  { district: 'Olaya', city: 'Riyadh' },
  { district: 'العليا', city: 'جدة' },
  { district: 'Ulaya', city: 'Jiddah' },
  { district: 'الحمرا', city: 'جدة' },
  { district: 'Shati', city: 'Jeddah' },
  { district: 'Aziziya', city: 'مكة' },
  { district: 'Faisaliyah', city: 'Dammam' },
];

/** The request paths of LOCATION_QUERIES, the same for the gateway and the baseline. */
export function locationPaths(): string[] {
  return LOCATION_QUERIES.map((query) => `/v1/locations?${new URLSearchParams({ ...query }).toString()}`);
}

/** Valid scoring-only bodies in every location form (district ids from apps/decision/src/locations/location-seed.ts). */
export const DECISION_BODIES: DecisionRequestBody[] = [
  {
    property: { type: 'apartment', price: 1_200_000, area: 150, bedrooms: 3 },
    location: { city: 'Riyadh', district: 'Al Olaya' },
    reasoning: false,
  },
  {
    property: { type: 'villa', price: 3_400_000, area: 420, bedrooms: 5, bathrooms: 5, parking: true },
    location: { district_id: 10100003144 },
    reasoning: false,
  },
  {
    property: { type: 'apartment', price: 950_000, area: 120, bedrooms: 2, floor: 4, furnished: true },
    location: { city: 'جدة', district: 'الروضة' },
    reasoning: false,
  },
  {
    property: { type: 'apartment', price: 780_000, area: 110, bedrooms: 2, age: 6 },
    location: { city_id: 18, district: 'Al Hamra' },
    reasoning: false,
  },
  {
    property: { type: 'villa', price: 2_100_000, area: 360, bedrooms: 4 },
    location: { district_id: 10100003147 },
    reasoning: false,
  },
];
