import {
  fullKey,
  editDistance,
  editDistanceLowerBound,
  letterMask,
  normalizeName,
  prefixEditDistance,
  skeletonKey,
  typoBudget,
  wordKeys,
} from './location-text';

/** What the index is built from: plain rows, whatever their source (database, JSON files, seed). */
export interface GazetteerCity {
  id: number;
  name_ar: string;
  name_en: string;
}

export interface GazetteerDistrict {
  id: number;
  city_id: number;
  name_ar: string;
  name_en: string;
}

export interface GazetteerAlias {
  place: 'city' | 'district';
  place_id: number;
  alias: string;
}

export interface GazetteerData {
  cities: GazetteerCity[];
  districts: GazetteerDistrict[];
  aliases: GazetteerAlias[];
  /** Sale transactions per city and per district id: how much a place matters, for ranking prefixes. */
  volumes?: { city: Map<number, number>; district: Map<number, number> };
}

export interface IndexedCity extends GazetteerCity {
  district_count: number;
}

export interface CityHit {
  kind: 'city';
  city: IndexedCity;
  tier: number;
}

export interface DistrictHit {
  kind: 'district';
  district: GazetteerDistrict;
  city: IndexedCity;
  tier: number;
}

/**
 * Match tiers, best first: exact key, exact transliteration key, prefix, word prefix,
 * transliteration prefix, a Latin name being typed whose two-letter transliteration starts the
 * name's (`wur` → Woroud), typo (edit distance within budget), typo on the transliteration key.
 */
export const TIER = {
  exact: 0,
  skeleton: 1,
  prefix: 2,
  wordPrefix: 3,
  skeletonPrefix: 4,
  skeletonStart: 5,
  fuzzy: 6,
  fuzzySkeleton: 7,
};

interface NameKeys {
  key: string;
  /** With articles kept (`alolaya`, `العليا`); matched by prefix only. */
  full: string;
  skeleton: string;
  words: string[];
  keyMask: number;
  skeletonMask: number;
}

/** A normalised query with what the tiers compare against, computed once per search. */
interface QueryKeys {
  key: string;
  full: string;
  skeleton: string;
  keyMask: number;
  skeletonMask: number;
  budget: number;
  /**
   * A Latin query of three letters or more whose skeleton has only two (see `isSkeletonStart`):
   * a name with that skeleton, or starting with it, matches in the skeletonStart tier.
   */
  skeletonStart: boolean;
  /**
   * The skeleton of a Latin query read as an unfinished word (`skeletonKey(key, true)`), when
   * it differs from `skeleton` and has 3 letters; else ''.
   */
  openSkeleton: string;
}

interface Entry<T> {
  place: T;
  names: NameKeys[];
  /** Importance (see `importance`): ranks the matches of one tier, and every prefix match of a short query. */
  weight: number;
  label: string;
}

function keysOf(name: string): NameKeys | undefined {
  const key = normalizeName(name);
  if (!key) return undefined;
  const skeleton = skeletonKey(key);
  return {
    key,
    full: fullKey(name),
    skeleton,
    words: wordKeys(name).slice(1),
    keyMask: letterMask(key),
    skeletonMask: letterMask(skeleton),
  };
}

/** The best tier any of the names reaches, or undefined. */
function matchTier(names: NameKeys[], q: QueryKeys): number | undefined {
  // The hot loop of every search: plain comparisons, no closures.
  let best = NO_MATCH;
  for (const name of names) {
    if (name.key === q.key) return TIER.exact;
    let tier = NO_MATCH;
    if (q.skeleton.length >= 2 && !q.skeletonStart && name.skeleton === q.skeleton) tier = TIER.skeleton;
    else if (name.key.startsWith(q.key) || (q.full.length >= 2 && name.full.startsWith(q.full))) tier = TIER.prefix;
    else if (q.key.length >= 3 && startsAnyWord(name.words, q.key)) tier = TIER.wordPrefix;
    else if (q.skeleton.length >= 3 && name.skeleton.startsWith(q.skeleton)) tier = TIER.skeletonPrefix;
    else if (q.openSkeleton && name.skeleton.startsWith(q.openSkeleton)) tier = TIER.skeletonPrefix;
    else if (q.skeletonStart && name.skeleton.startsWith(q.skeleton)) tier = TIER.skeletonStart;
    else if (best > TIER.fuzzy) {
      if (within(name.key, name.keyMask, q.key, q.keyMask, q.budget)) tier = TIER.fuzzy;
      else if (q.skeleton.length >= 3 && within(name.skeleton, name.skeletonMask, q.skeleton, q.skeletonMask, 1))
        tier = TIER.fuzzySkeleton;
    }
    if (tier < best) best = tier;
  }
  return best === NO_MATCH ? undefined : best;
}

const NO_MATCH = Number.MAX_SAFE_INTEGER;

function startsAnyWord(words: string[], prefix: string): boolean {
  for (const word of words) if (word.startsWith(prefix)) return true;
  return false;
}

/** Edit distance within `budget`, after the two cheap tests that rule out almost every name. */
function within(name: string, nameMask: number, query: string, queryMask: number, budget: number): boolean {
  return (
    budget > 0 &&
    Math.abs(name.length - query.length) <= budget &&
    editDistanceLowerBound(nameMask, queryMask) <= budget &&
    editDistance(name, query, budget) <= budget
  );
}

/** The in-memory gazetteer: built once per version, answers in microseconds. */
export class LocationIndex {
  private readonly cities: Entry<IndexedCity>[];
  private readonly districts: Entry<GazetteerDistrict>[];
  private readonly cityById = new Map<number, IndexedCity>();
  private readonly districtsByCity = new Map<number, GazetteerDistrict[]>();
  private readonly districtById = new Map<number, GazetteerDistrict>();
  private readonly districtEntriesByCity = new Map<number, Entry<GazetteerDistrict>[]>();
  /** Answers by query: the index never changes, and people ask for the same few places. */
  private readonly answers = new Map<string, (CityHit | DistrictHit)[]>();

  constructor(data: GazetteerData) {
    for (const district of data.districts) {
      this.districtById.set(district.id, district);
      const list = this.districtsByCity.get(district.city_id) ?? [];
      list.push(district);
      this.districtsByCity.set(district.city_id, list);
    }
    const aliases = new Map<string, string[]>();
    for (const alias of data.aliases) {
      const mapKey = `${alias.place}:${alias.place_id}`;
      aliases.set(mapKey, [...(aliases.get(mapKey) ?? []), alias.alias]);
    }
    const names = (place: string, id: number, own: string[]) =>
      [...own, ...(aliases.get(`${place}:${id}`) ?? [])].map(keysOf).filter((k): k is NameKeys => k !== undefined);

    const cityWeight = new Map<number, number>();
    this.cities = data.cities.map((city) => {
      const indexed: IndexedCity = { ...city, district_count: this.districtsByCity.get(city.id)?.length ?? 0 };
      this.cityById.set(city.id, indexed);
      const weight = importance.city(indexed.district_count, data.volumes?.city.get(city.id) ?? 0);
      cityWeight.set(city.id, weight);
      return {
        place: indexed,
        names: names('city', city.id, [city.name_ar, city.name_en]),
        weight,
        label: city.name_en,
      };
    });
    this.districts = data.districts.map((district) => ({
      place: district,
      names: names('district', district.id, [district.name_ar, district.name_en]),
      weight: importance.district(cityWeight.get(district.city_id) ?? 0, data.volumes?.district.get(district.id) ?? 0),
      label: district.name_en,
    }));
    for (const entry of this.districts) {
      const list = this.districtEntriesByCity.get(entry.place.city_id) ?? [];
      list.push(entry);
      this.districtEntriesByCity.set(entry.place.city_id, list);
    }
  }

  get size(): { cities: number; districts: number } {
    return { cities: this.cities.length, districts: this.districts.length };
  }

  city(id: number): IndexedCity | undefined {
    return this.cityById.get(id);
  }

  district(id: number): GazetteerDistrict | undefined {
    return this.districtById.get(id);
  }

  districtsOf(cityId: number): GazetteerDistrict[] {
    return this.districtsByCity.get(cityId) ?? [];
  }

  searchCities(text: string, limit: number): CityHit[] {
    return this.remembered(`c:${limit}:${text}`, () =>
      rank(this.cities, text, limit).map(({ entry, tier }): CityHit => ({ kind: 'city', city: entry.place, tier })),
    );
  }

  /** Districts, optionally only inside the given cities (then only their districts are scanned). */
  searchDistricts(text: string, limit: number, cityIds?: ReadonlySet<number>): DistrictHit[] {
    const scope = cityIds ? [...cityIds].sort((a, b) => a - b) : undefined;
    return this.remembered(`d:${limit}:${scope?.join(',') ?? '*'}:${text}`, () => {
      const entries = scope ? scope.flatMap((id) => this.districtEntriesByCity.get(id) ?? []) : this.districts;
      return rank(entries, text, limit).map(({ entry, tier }): DistrictHit => ({
        kind: 'district',
        district: entry.place,
        city: this.cityById.get(entry.place.city_id) ?? {
          id: entry.place.city_id,
          name_ar: '',
          name_en: '',
          district_count: 0,
        },
        tier,
      }));
    });
  }

  /** A copy of the remembered answer (callers may sort or filter it), computing it the first time. */
  private remembered<T extends CityHit | DistrictHit>(key: string, search: () => T[]): T[] {
    let answer = this.answers.get(key) as T[] | undefined;
    if (!answer) {
      answer = search();
      if (this.answers.size >= REMEMBERED_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
      this.answers.set(key, answer);
    }
    return answer.slice();
  }
}

/**
 * How much a place matters: a city by its districts and sales, a district by its own sales
 * and its city's weight. Logarithms, so a tenfold difference counts, a few sales do not.
 */
export const importance = {
  city: (districtCount: number, transactions: number) => Math.log1p(districtCount) + Math.log1p(transactions),
  district: (cityWeight: number, transactions: number) => cityWeight + 2 * Math.log1p(transactions),
};

/**
 * A query this short is a search box being typed into: every exact, transliterated or
 * prefix match is a candidate alike, and importance decides (Ri → Riyadh, not Ar Ri').
 */
export const TYPEAHEAD_MAX_CHARS = 5;

/** While typing, among equally important places the literal matches come before the transliterated ones. */
const TYPING_ORDER: Record<number, number> = {
  [TIER.exact]: 0,
  [TIER.prefix]: 1,
  [TIER.wordPrefix]: 2,
  [TIER.skeleton]: 3,
  [TIER.skeletonPrefix]: 4,
};

/** A hit's closeness before it is needed: most hits never tie. */
const UNMEASURED = -1;

/** Answers kept per index (oldest dropped first): a few MB at most. */
const REMEMBERED_ANSWERS = 5000;

function rank<T extends { id: number }>(
  entries: Entry<T>[],
  text: string,
  limit: number,
): { entry: Entry<T>; tier: number }[] {
  const query = normalizeName(text);
  if (!query) return [];
  const skeleton = skeletonKey(query);
  const q: QueryKeys = {
    key: query,
    full: fullKey(text),
    skeleton,
    keyMask: letterMask(query),
    skeletonMask: letterMask(skeleton),
    budget: typoBudget(query),
    skeletonStart: isSkeletonStart(query, skeleton),
    openSkeleton: openSkeletonOf(query, skeleton),
  };
  const typing = Math.min(query.length, q.full.length) <= TYPEAHEAD_MAX_CHARS;
  const hits: { entry: Entry<T>; tier: number; rankTier: number; within: number; distance: number }[] = [];
  for (const entry of entries) {
    const tier = matchTier(entry.names, q);
    if (tier === undefined) continue;
    const merged = typing && tier <= TIER.skeletonPrefix;
    hits.push({
      entry,
      tier: reportedTier(tier, entry.names, q),
      rankTier: merged ? TIER.prefix : tier,
      within: merged ? TYPING_ORDER[tier] : tier,
      distance: tier === TIER.exact ? 0 : UNMEASURED,
    });
  }
  // Closeness only breaks ties, so it is measured for the hits that tie, once each.
  const distance = (hit: (typeof hits)[number]) =>
    hit.distance === UNMEASURED ? (hit.distance = closeness(hit.entry.names, query)) : hit.distance;
  hits.sort(
    (a, b) =>
      a.rankTier - b.rankTier ||
      b.entry.weight - a.entry.weight ||
      a.within - b.within ||
      distance(a) - distance(b) ||
      a.entry.label.length - b.entry.label.length ||
      a.entry.place.id - b.entry.place.id,
  );
  return hits.slice(0, limit).map(({ entry, tier }) => ({ entry, tier }));
}

/**
 * A two-letter skeleton equal to a name's ranks as a start while typing ("tubai" is not Taibah),
 * but it is still the same transliteration: callers that accept only exact transliterations
 * (transaction placement, decisions) see it as one, as before.
 */
function reportedTier(tier: number, names: NameKeys[], q: QueryKeys): number {
  if (tier !== TIER.skeletonStart) return tier;
  for (const name of names) if (name.skeleton === q.skeleton) return TIER.skeleton;
  return tier;
}

/**
 * Three typed Latin letters may leave two of the skeleton ("sulay" → "sl", "wur" → "wr"): too
 * little to rank beside literal prefixes, enough that a vowel typed differently does not hide
 * the name being typed (Woroud for "wur"). Arabic keys keep their letters, so they need no such tier.
 */
function isSkeletonStart(key: string, skeleton: string): boolean {
  return skeleton.length === 2 && isTypedLatin(key) && key.length >= 3;
}

/**
 * "sulay" may be Sulaymaniyah (y a vowel: "sl…") or "qiraw" Qairawan (w a consonant: "krw…"):
 * both readings are tried.
 */
function openSkeletonOf(key: string, skeleton: string): string {
  if (!isTypedLatin(key)) return '';
  const open = skeletonKey(key, true);
  return open !== skeleton && open.length >= 3 ? open : '';
}

/** A Latin key short enough to be a name still being typed (a whole "Sakakah" is read as finished). */
function isTypedLatin(key: string): boolean {
  return key.length <= TYPEAHEAD_MAX_CHARS && !ARABIC_LETTER.test(key);
}

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/**
 * Within one tier and city size: the spelling closest to what was typed (Sahafa → Sahafah, not
 * Shifa; Jarir → Jareer, not Jarradiyah), then the one whose start is closest (tubai → Tubayshi,
 * not Taibah). Both in one number: a whole edit outweighs any difference in the start.
 */
function closeness(names: NameKeys[], query: string): number {
  let best = Infinity;
  for (const name of names) {
    const whole = editDistance(name.key.slice(0, query.length + 2), query, 4);
    // The start's distance is at most the query's length, so it only breaks ties of the whole.
    best = Math.min(best, whole * (query.length + 1) + prefixEditDistance(name.key, query));
  }
  return best;
}
