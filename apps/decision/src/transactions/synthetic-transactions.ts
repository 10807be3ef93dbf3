import { createHash } from 'node:crypto';
import { PROPERTY_TYPES } from '@app/contracts';
import type { PropertyType } from '@app/contracts';
import { DUBAI_CITY_ID, DUBAI_DISTRICT_BASE, SEED_CITIES } from '../locations/location-seed';
import type { TransactionRow } from './transaction.types';

/**
 * The demo set: plausible sales for every seeded district × type × year, from a seeded
 * PRNG so every run (and every replica) produces the same rows. Levels are rough 2023
 * SAR per m² figures per city; districts get a fixed premium or discount; prices grow
 * per city and year; each sale scatters around its district's level.
 */
export const SYNTHETIC_YEARS = [2023, 2024, 2025] as const;
export const SYNTHETIC_SEED = 20230101;

/** 2023 SAR per m² by city and type, and the yearly growth. */
const CITY_LEVELS: Record<number, { sqm: Record<PropertyType, number>; growth: number }> = {
  3: { sqm: { apartment: 5200, villa: 4300, land: 2600, commercial: 6500, office: 6000 }, growth: 0.09 },
  18: { sqm: { apartment: 4600, villa: 4000, land: 2800, commercial: 6000, office: 5200 }, growth: 0.05 },
  6: { sqm: { apartment: 6500, villa: 4500, land: 3500, commercial: 9000, office: 6000 }, growth: 0.04 },
  14: { sqm: { apartment: 4800, villa: 3800, land: 2400, commercial: 7000, office: 5000 }, growth: 0.04 },
  13: { sqm: { apartment: 3600, villa: 3200, land: 1600, commercial: 4500, office: 4000 }, growth: 0.05 },
  31: { sqm: { apartment: 4200, villa: 3800, land: 2200, commercial: 5500, office: 5000 }, growth: 0.05 },
  [DUBAI_CITY_ID]: {
    sqm: { apartment: 16800, villa: 17000, land: 9000, commercial: 20000, office: 15000 },
    growth: 0.14,
  },
};

/** Well-known premiums and discounts; other districts get a seeded factor between 0.8 and 1.25. */
const DISTRICT_FACTORS: Record<number, number> = {
  10100003099: 1.35, // Diplomatic Quarter
  10100003145: 1.3, // Al Malqa
  10100003144: 1.35, // Hittin
  10100003051: 0.75, // Al Malaz
  10200018109: 1.3, // Ash Shati
  10200018023: 0.7, // Al Balad
  [DUBAI_DISTRICT_BASE + 381]: 1.9, // Palm Jumeirah
  [DUBAI_DISTRICT_BASE + 345]: 1.7, // Downtown
  [DUBAI_DISTRICT_BASE + 392]: 1.3, // Dubai Marina
  [DUBAI_DISTRICT_BASE + 346]: 1.15, // Business Bay
  [DUBAI_DISTRICT_BASE + 332]: 1.4, // Jumeirah
  [DUBAI_DISTRICT_BASE + 681]: 0.7, // JVC
  [DUBAI_DISTRICT_BASE + 393]: 0.85, // JLT
  [DUBAI_DISTRICT_BASE + 373]: 0.85, // Al Barsha
  [DUBAI_DISTRICT_BASE + 318]: 0.65, // Al Karama
  [DUBAI_DISTRICT_BASE + 251]: 0.75, // Mirdif
};

/** Plot or unit sizes in m² by type: [smallest, largest]. */
const AREAS: Record<PropertyType, [number, number]> = {
  apartment: [70, 220],
  villa: [250, 650],
  land: [300, 1500],
  commercial: [40, 400],
  office: [50, 500],
};

/** mulberry32: a small, fast, seedable PRNG (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isoDay = (year: number, dayOfYear: number) =>
  new Date(Date.UTC(year, 0, 1 + dayOfYear)).toISOString().slice(0, 10);

export function syntheticTransactions(seed = SYNTHETIC_SEED): TransactionRow[] {
  const random = seededRandom(seed);
  const between = (low: number, high: number) => low + (high - low) * random();
  const rows: TransactionRow[] = [];
  for (const city of SEED_CITIES) {
    const level = CITY_LEVELS[city.id];
    if (!level) throw new Error(`No synthetic price level for seeded city ${city.id} (${city.name_en})`);
    for (const [districtId] of city.districts) {
      const districtFactor = DISTRICT_FACTORS[districtId] ?? between(0.8, 1.25);
      for (const type of PROPERTY_TYPES) {
        for (const year of SYNTHETIC_YEARS) {
          const count = 6 + Math.floor(random() * 5);
          for (let i = 0; i < count; i++) {
            const dayOfYear = Math.floor(random() * 365);
            const growth = Math.pow(1 + level.growth, year - SYNTHETIC_YEARS[0] + dayOfYear / 365);
            // Sum of three uniforms: a bell-shaped scatter of about ±30% around the district level.
            const scatter = 1 + (random() + random() + random() - 1.5) * 0.2;
            const [smallest, largest] = AREAS[type];
            const area = Math.round(between(smallest, largest));
            const price = Math.round((level.sqm[type] * districtFactor * growth * scatter * area) / 1000) * 1000;
            const sourceRef = `demo-${districtId}-${type}-${year}-${i}`;
            rows.push({
              source: 'synthetic',
              sourceRef,
              recordHash: createHash('sha256').update(`synthetic:${sourceRef}`).digest('hex'),
              date: isoDay(year, dayOfYear),
              cityId: city.id,
              districtId,
              propertyType: type,
              priceSar: price,
              areaSqm: area,
            });
          }
        }
      }
    }
  }
  return rows;
}
