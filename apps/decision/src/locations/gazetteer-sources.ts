import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DUBAI_CITY_ID, DUBAI_DISTRICT_BASE, SEED_CITIES, SEED_COUNTRIES } from './location-seed';
import type { SeedCountry } from './location-seed';

/** Rows ready to upsert, whatever file format they came from. */
export interface GazetteerBatch {
  source: string;
  countries: SeedCountry[];
  cities: { id: number; country_code: string; region: string | null; name_ar: string; name_en: string }[];
  districts: { id: number; city_id: number; region: string | null; name_ar: string; name_en: string }[];
}

interface SaudiRegion {
  region_id: number;
  name_en: string;
}
interface SaudiCity {
  city_id: number;
  region_id: number;
  name_ar: string;
  name_en: string;
}
interface SaudiDistrict {
  district_id: number;
  city_id: number;
  region_id: number;
  name_ar: string;
  name_en: string;
}
interface DubaiFile {
  communities: {
    communityNumber: string;
    name: { en: string; ar: string };
    nameDisplay?: { en: string; ar: string };
  }[];
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/**
 * Reads the Saudi folder format (regions_lite.json, cities_lite.json, districts_lite.json)
 * or the Dubai communities.json file. Names are kept as published; the search normalises.
 */
export function readGazetteerSource(path: string): GazetteerBatch {
  if (!existsSync(path)) throw new Error(`No such file or folder: ${path}`);
  if (statSync(path).isDirectory()) {
    const cities = join(path, 'cities_lite.json');
    if (!existsSync(cities)) throw new Error(`${path} holds no cities_lite.json (the Saudi folder format)`);
    return readSaudiFolder(path);
  }
  const file = readJson<Partial<DubaiFile>>(path);
  if (!Array.isArray(file.communities)) throw new Error(`${path} is not a communities.json file (no "communities")`);
  return readDubaiCommunities(file as DubaiFile, path);
}

export function readSaudiFolder(folder: string): GazetteerBatch {
  const regionsPath = join(folder, 'regions_lite.json');
  const regions = existsSync(regionsPath) ? readJson<SaudiRegion[]>(regionsPath) : [];
  const regionName = new Map(regions.map((r) => [r.region_id, r.name_en]));
  const cities = readJson<SaudiCity[]>(join(folder, 'cities_lite.json'));
  const districtsPath = join(folder, 'districts_lite.json');
  const districts = existsSync(districtsPath) ? readJson<SaudiDistrict[]>(districtsPath) : [];
  return {
    source: folder,
    countries: SEED_COUNTRIES.filter((c) => c.code === 'SA'),
    cities: cities.map((c) => ({
      id: c.city_id,
      country_code: 'SA',
      region: regionName.get(c.region_id) ?? null,
      name_ar: c.name_ar,
      name_en: c.name_en,
    })),
    districts: districts.map((d) => ({
      id: d.district_id,
      city_id: d.city_id,
      region: regionName.get(d.region_id) ?? null,
      name_ar: d.name_ar,
      name_en: d.name_en,
    })),
  };
}

export function readDubaiCommunities(file: DubaiFile, source: string): GazetteerBatch {
  const dubai = SEED_CITIES.find((c) => c.id === DUBAI_CITY_ID);
  if (!dubai) throw new Error('The seed has no Dubai city');
  return {
    source,
    countries: SEED_COUNTRIES.filter((c) => c.code === 'AE'),
    cities: [
      { id: dubai.id, country_code: 'AE', region: dubai.region, name_ar: dubai.name_ar, name_en: dubai.name_en },
    ],
    districts: file.communities.map((c) => {
      const number = Number.parseInt(c.communityNumber, 10);
      if (!Number.isSafeInteger(number)) throw new Error(`Community number "${c.communityNumber}" is not a number`);
      return {
        id: DUBAI_DISTRICT_BASE + number,
        city_id: DUBAI_CITY_ID,
        region: 'Dubai',
        name_ar: c.nameDisplay?.ar ?? c.name.ar,
        name_en: c.nameDisplay?.en ?? c.name.en,
      };
    }),
  };
}

/** The hand-written seed as a batch. */
export function seedBatch(): GazetteerBatch {
  return {
    source: 'seed',
    countries: SEED_COUNTRIES,
    cities: SEED_CITIES.map((c) => ({
      id: c.id,
      country_code: c.country,
      region: c.region,
      name_ar: c.name_ar,
      name_en: c.name_en,
    })),
    districts: SEED_CITIES.flatMap((c) =>
      c.districts.map(([id, name_ar, name_en]) => ({ id, city_id: c.id, region: c.region, name_ar, name_en })),
    ),
  };
}
