import type { CityWithDistricts, LocationsList } from '@app/contracts';
import { AppError } from '@app/errors';
import { seedBatch } from './gazetteer-sources';
import { LocationIndex, TIER } from './location-index';
import { NO_CITY_MESSAGE, searchLocations } from './location-search';
import { DUBAI_CITY_ID, DUBAI_DISTRICT_BASE, seedAliases } from './location-seed';

const batch = seedBatch();
const index = new LocationIndex({ cities: batch.cities, districts: batch.districts, aliases: seedAliases() });
const search = (request: { city?: string; district?: string; districts?: boolean }) =>
  searchLocations(index, request) as LocationsList;
const firstId = (request: { city?: string; district?: string }) => search(request).data[0]?.id;

describe('searchLocations over the seed', () => {
  it.each([
    ['جدة', 18],
    ['جده', 18],
    ['Jiddah', 18],
    ['jedda', 18],
    ['مكه', 6],
    ['Mecca', 6],
    ['Makka', 6],
    ['Medina', 14],
    ['المدينة', 14],
    ['Ad Dammam', 13],
    ['khobar', 31],
    ['Riyahd', 3],
    ['dubai', DUBAI_CITY_ID],
    ['دبي', DUBAI_CITY_ID],
  ])('should find the city first when searching city=%s', (city, id) => {
    expect(firstId({ city })).toBe(id);
  });

  it.each([
    ['Dubai Marina', DUBAI_DISTRICT_BASE + 392],
    ['Palm Jumeirah', DUBAI_DISTRICT_BASE + 381],
    ['Downtown Dubai', DUBAI_DISTRICT_BASE + 345],
    ['JVC', DUBAI_DISTRICT_BASE + 681],
    ['JLT', DUBAI_DISTRICT_BASE + 393],
    ['Hittin', 10100003144],
    ['Hiteen', 10100003144],
    ['حطين', 10100003144],
    ['Yasmeen', 10100003147],
    ['الياسمين', 10100003147],
    ['حي النرجس', 10100003150],
  ])('should find the district first when searching district=%s', (district, id) => {
    expect(firstId({ district })).toBe(id);
  });

  it('should rank the larger city first when several districts match exactly', () => {
    const answer = search({ district: 'العليا' });
    expect(answer.data.slice(0, 3).map((d) => d.id)).toEqual([10100003075, 10200018163, 10500031021]);
  });

  it('should scope the district search to the city when both are given', () => {
    expect(search({ district: 'Olaya', city: 'Khobar' }).data.map((d) => d.id)).toEqual([10500031021]);
    expect(search({ district: 'Ulaya', city: 'جدة' }).data[0]).toMatchObject({
      object: 'district',
      id: 10200018163,
      city_id: 18,
      city_name_en: 'Jeddah',
      city_name_ar: 'جدة',
    });
  });

  it('should rank exact before prefix before fuzzy matches', () => {
    const hits = index.searchCities('Dam', 20);
    expect(hits[0].city.id).toBe(13);
    expect(index.searchCities('Dammam', 20)[0].tier).toBeLessThan(index.searchCities('Damam', 20)[0].tier);
  });

  it('should answer with an empty list and a message when no city matches', () => {
    expect(search({ city: 'Atlantis', district: 'Olaya' })).toEqual({
      object: 'list',
      data: [],
      total: 0,
      message: NO_CITY_MESSAGE,
    });
    expect(search({ district: 'zzzzqqq' })).toEqual({ object: 'list', data: [], total: 0 });
  });

  it('should return the city with every district sorted by Arabic name when districts is true', () => {
    const city = searchLocations(index, { city: 'Riyadh', districts: true }) as CityWithDistricts;
    expect(city).toMatchObject({ object: 'city', id: 3, name_ar: 'الرياض', name_en: 'Riyadh' });
    expect(city.districts).toHaveLength(12);
    const names = city.districts.map((d) => d.name_ar);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ar')));
  });

  it('should refuse a missing or too short parameter with the registry error', () => {
    expect(() => searchLocations(index, {})).toThrow(AppError);
    expect(() => searchLocations(index, { city: ' a ' })).toThrow(
      expect.objectContaining({ error: 'invalid_param', extras: { field: 'city' } }) as Error,
    );
  });
});

describe('search as you type', () => {
  const tiny = new LocationIndex({
    cities: [
      { id: 1, name_ar: 'الرياض', name_en: 'Riyadh' },
      { id: 2, name_ar: 'الري', name_en: "Ar Ri'" },
      { id: 3, name_ar: 'جدة', name_en: 'Jeddah' },
      { id: 4, name_ar: 'جديد', name_en: 'Jadid' },
    ],
    districts: [
      ...Array.from({ length: 30 }, (_, i) => ({ id: 100 + i, city_id: 1, name_ar: `حي ${i}`, name_en: `D${i}` })),
      ...Array.from({ length: 20 }, (_, i) => ({ id: 200 + i, city_id: 3, name_ar: `حي ج${i}`, name_en: `J${i}` })),
      { id: 10, city_id: 1, name_ar: 'حي العليا', name_en: 'Al Olaya Dist.' },
      { id: 11, city_id: 1, name_ar: 'حي النرجس', name_en: 'An Narjis Dist.' },
      { id: 12, city_id: 2, name_ar: 'حي العلا', name_en: 'Al Ula Dist.' },
      { id: 13, city_id: 4, name_ar: 'حي النور', name_en: 'Al Noor Dist.' },
    ],
    aliases: [],
    volumes: {
      city: new Map([[1, 5000]]),
      district: new Map([
        [10, 900],
        [11, 700],
      ]),
    },
  });
  const cities = (text: string) => tiny.searchCities(text, 5).map((hit) => hit.city.name_en);
  const districts = (text: string) => tiny.searchDistricts(text, 5).map((hit) => hit.district.name_en);

  it('should put the important city first for a two-letter prefix, in both scripts', () => {
    expect(cities('Ri')[0]).toBe('Riyadh');
    expect(cities('جد')[0]).toBe('Jeddah');
  });

  it('should rank district prefixes by their sales and their city, not by a shorter transliteration', () => {
    expect(districts('Al Ol')[0]).toBe('Al Olaya Dist.');
    expect(districts('Nar')[0]).toBe('An Narjis Dist.');
  });

  it('should treat a typed article as a prefix of the names that carry it, never as nothing', () => {
    expect(districts('al')).toContain('Al Olaya Dist.');
    expect(districts('الع').slice(0, 2)).toEqual(['Al Olaya Dist.', 'Al Ula Dist.']);
  });

  it('should keep whole names first when they are typed out', () => {
    expect(cities('الرياض')[0]).toBe('Riyadh');
    expect(districts('النرجس')[0]).toBe('An Narjis Dist.');
  });
});

describe('typing English district names as people spell them', () => {
  // Real Riyadh and Dammam district names as the Saudi National Address files spell them.
  const riyadh = new LocationIndex({
    cities: [
      { id: 3, name_ar: 'الرياض', name_en: 'Riyadh' },
      { id: 13, name_ar: 'الدمام', name_en: 'Dammam' },
    ],
    districts: [
      { id: 1, city_id: 3, name_ar: 'حي الملقا', name_en: 'Al Malqa Dist.' },
      { id: 2, city_id: 3, name_ar: 'حي الملز', name_en: 'Al Malaz Dist.' },
      { id: 3, city_id: 3, name_ar: 'حي السلي', name_en: 'Al Sulay Dist.' },
      { id: 4, city_id: 3, name_ar: 'حي السليمانية', name_en: 'Al Sulaimaniyah Dist.' },
      { id: 5, city_id: 3, name_ar: 'حي الورود', name_en: 'Al Woroud Dist.' },
      { id: 6, city_id: 3, name_ar: 'حي القيروان', name_en: 'Al Qairawan Dist.' },
      { id: 7, city_id: 3, name_ar: 'حي القرى', name_en: 'Al Qura Dist.' },
      { id: 8, city_id: 3, name_ar: 'حي حطين', name_en: 'Hiteen Dist.' },
      { id: 9, city_id: 3, name_ar: 'حي جرير', name_en: 'Jareer Dist.' },
      { id: 10, city_id: 3, name_ar: 'حي الجرادية', name_en: 'Al Jarradiyah Dist.' },
      { id: 11, city_id: 13, name_ar: 'حي الطبيشي', name_en: 'At Tubayshi Dist.' },
      { id: 12, city_id: 13, name_ar: 'حي طيبة', name_en: 'Taibah Dist.' },
      { id: 13, city_id: 3, name_ar: 'حي النخيل', name_en: 'Al Nakheel Dist.' },
      { id: 14, city_id: 13, name_ar: 'حي النور', name_en: 'An Nur Dist.' },
    ],
    aliases: [],
  });
  const first = (text: string) => riyadh.searchDistricts(text, 5)[0]?.district.name_en;

  it.each([
    ['malga', 'Al Malqa Dist.'],
    ['Al Malga', 'Al Malqa Dist.'],
    ['al malqa district', 'Al Malqa Dist.'],
    ['wur', 'Al Woroud Dist.'],
    ['al worood', 'Al Woroud Dist.'],
    ['hitti', 'Hiteen Dist.'],
    ['hateen', 'Hiteen Dist.'],
    ['qiraw', 'Al Qairawan Dist.'],
    ['tubai', 'At Tubayshi Dist.'],
    ['jarir', 'Jareer Dist.'],
    ['nakhil', 'Al Nakheel Dist.'],
    ['An Nakheel', 'Al Nakheel Dist.'],
    ['sulaymaniyah', 'Al Sulaimaniyah Dist.'],
    ['الملق', 'Al Malqa Dist.'],
    ['حطي', 'Hiteen Dist.'],
  ])('should put the district first when "%s" is typed', (text, name) => {
    expect(first(text)).toBe(name);
  });

  it('should rank a literal prefix before a transliterated one while typing', () => {
    const names = riyadh.searchDistricts('sulay', 5).map((hit) => hit.district.name_en);
    expect(names.slice(0, 2)).toEqual(['Al Sulay Dist.', 'Al Sulaimaniyah Dist.']);
  });

  it('should report a short name spelled otherwise as an exact transliteration, as imports accept', () => {
    const [hit] = riyadh.searchDistricts('Noor', 1, new Set([13]));
    expect(hit).toMatchObject({ district: { name_en: 'An Nur Dist.' }, tier: TIER.skeleton });
  });

  it('should still read a whole short name by its own transliteration', () => {
    expect(riyadh.searchCities('Riyad', 5)[0].city.name_en).toBe('Riyadh');
    expect(riyadh.searchCities('دمام', 5)[0].city.name_en).toBe('Dammam');
  });
});
