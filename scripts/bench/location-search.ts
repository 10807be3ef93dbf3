import path from 'node:path';
import { readSaudiFolder } from '../../apps/decision/src/locations/gazetteer-sources';
import {
  evaluateLocationSearch,
  evaluateTypeahead,
  quantileMs,
  readEvalQueries,
} from '../../apps/decision/src/locations/location-evaluation';
import type { TypeaheadTarget } from '../../apps/decision/src/locations/location-evaluation';
import { LocationIndex } from '../../apps/decision/src/locations/location-index';
import { SEED_CITIES, seedAliases } from '../../apps/decision/src/locations/location-seed';

/**
 * `npm run bench:search [-- <saudi folder>]`: the location evaluation set over the Saudi
 * gazetteer, outside any server: recall@1, and the search's own latency per query on a
 * fresh index (nothing remembered yet) and on a warm one (answers remembered).
 */
const ROOT = path.join(__dirname, '..', '..', '..');
const source = process.argv[2] ?? path.join(ROOT, '..', 'shared', 'data', 'locations', 'saudi');
const queries = readEvalQueries(path.join(ROOT, 'test', 'fixtures', 'location-queries.json'));

const batch = readSaudiFolder(source);
const build = () => new LocationIndex({ cities: batch.cities, districts: batch.districts, aliases: seedAliases() });

evaluateLocationSearch(build(), queries); // JIT warm-up on a throwaway index
const index = build();
const fresh = evaluateLocationSearch(index, queries);
const remembered = evaluateLocationSearch(index, queries);
process.stdout.write(
  `${batch.cities.length} cities, ${batch.districts.length} districts; ${queries.length} queries\n` +
    `recall@1 ${fresh.recall.toFixed(3)}\n` +
    `fresh index:  p50 ${quantileMs(fresh.times, 0.5)} ms, p95 ${quantileMs(fresh.times, 0.95)} ms, max ${quantileMs(fresh.times, 1)} ms\n` +
    `remembered:   p50 ${quantileMs(remembered.times, 0.5)} ms, p95 ${quantileMs(remembered.times, 0.95)} ms\n`,
);

/**
 * Typeahead targets: the 50 largest cities (most districts) and the seed's best-known
 * districts of the Saudi cities (typed inside their city), each in English and Arabic.
 */
const largest = batch.cities
  .map((city) => ({ city, size: index.districtsOf(city.id).length }))
  .sort((a, b) => b.size - a.size || a.city.id - b.city.id)
  .slice(0, 50);
const known = SEED_CITIES.filter((city) => city.country === 'SA').flatMap((city) =>
  city.districts.map(([id]) => index.district(id)).filter((district) => district !== undefined),
);
const targets: TypeaheadTarget[] = [
  ...largest.flatMap(({ city }) => [
    { kind: 'city' as const, id: city.id, name: city.name_en, script: 'en' as const },
    { kind: 'city' as const, id: city.id, name: city.name_ar, script: 'ar' as const },
  ]),
  ...known.flatMap((district) => [
    {
      kind: 'district' as const,
      id: district.id,
      name: district.name_en.replace(/ Dist\.?$/, ''),
      script: 'en' as const,
      city_id: district.city_id,
    },
    {
      kind: 'district' as const,
      id: district.id,
      name: district.name_ar.replace(/^حي /, ''),
      script: 'ar' as const,
      city_id: district.city_id,
    },
  ]),
];
const typeahead = evaluateTypeahead(build(), targets);
process.stdout.write(
  `typeahead: ${largest.length} cities and ${known.length} districts, both scripts (${typeahead.targets} names)\n` +
    `  in the top 5 by the 3rd character: ${(typeahead.top5At3 * 100).toFixed(1)} %\n` +
    `  first by the 5th character:        ${(typeahead.firstAt5 * 100).toFixed(1)} %\n` +
    typeahead.failures
      .slice(0, 15)
      .map((failure) => `  miss: ${failure}\n`)
      .join(''),
);
