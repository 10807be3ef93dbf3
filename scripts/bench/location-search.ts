import { existsSync } from 'node:fs';
import path from 'node:path';
import { readGazetteerSource, readSaudiFolder } from '../../apps/decision/src/locations/gazetteer-sources';
import {
  evaluateLocationSearch,
  evaluateTypeahead,
  quantileMs,
  readEvalQueries,
  readTypedDistricts,
} from '../../apps/decision/src/locations/location-evaluation';
import type { TypeaheadResult, TypeaheadTarget } from '../../apps/decision/src/locations/location-evaluation';
import { LocationIndex } from '../../apps/decision/src/locations/location-index';
import { SEED_CITIES, seedAliases } from '../../apps/decision/src/locations/location-seed';

/**
 * `npm run bench:search [-- <saudi folder> [<dubai communities.json>]]`: the location
 * evaluation set over the Saudi gazetteer, outside any server: recall@1, and the search's own
 * latency per query on a fresh index (nothing remembered yet) and on a warm one (answers
 * remembered). Then search-as-you-type: the best-known cities and districts in both scripts,
 * and English district names as people type them (Saudi and Dubai gazetteers).
 */
const ROOT = path.join(__dirname, '..', '..', '..');
const LOCATIONS = path.join(ROOT, '..', 'shared', 'data', 'locations');
const source = process.argv[2] ?? path.join(LOCATIONS, 'saudi');
const dubaiSource = process.argv[3] ?? path.join(LOCATIONS, 'uae-dubai', 'communities.json');
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
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const figures = (result: TypeaheadResult, indent = '  ') =>
  `${indent}in the top 5 by the 3rd character: ${percent(result.top5At3)}\n` +
  `${indent}first by the 5th character:        ${percent(result.firstAt5)}\n` +
  `${indent}first once typed out:              ${percent(result.firstWhole)}\n`;
const misses = (result: TypeaheadResult, count: number) =>
  result.failures
    .slice(0, count)
    .map((failure) => `  miss: ${failure}\n`)
    .join('');
process.stdout.write(
  `typeahead: ${largest.length} cities and ${known.length} districts, both scripts (${typeahead.targets} names)\n` +
    figures(typeahead) +
    (['ar', 'en'] as const)
      .map((script) => {
        const own = evaluateTypeahead(
          build(),
          targets.filter((target) => target.script === script),
        );
        return `  ${script === 'ar' ? 'Arabic' : 'English'} names (${own.targets}):\n${figures(own, '    ')}`;
      })
      .join('') +
    misses(typeahead, 15),
);

/** English district names as typed (test/fixtures/location-typeahead-en.json), over Saudi and Dubai districts. */
const dubai = existsSync(dubaiSource) ? readGazetteerSource(dubaiSource) : undefined;
const typed = readTypedDistricts(path.join(ROOT, 'test', 'fixtures', 'location-typeahead-en.json')).filter(
  (target) => dubai !== undefined || batch.districts.some((district) => district.id === target.id),
);
const withDubai = new LocationIndex({
  cities: [...batch.cities, ...(dubai?.cities ?? [])],
  districts: [...batch.districts, ...(dubai?.districts ?? [])],
  aliases: seedAliases(),
});
const english = evaluateTypeahead(withDubai, typed);
// "Al " or "al-" as the first three characters says nothing of which district is meant.
const typedArticle = /^(al|el|an|ar|as|at|ad|az|ash)[\s-]/i;
const split = [false, true].map((withArticle) => {
  const own = evaluateTypeahead(
    withDubai,
    typed.filter((target) => typedArticle.test(target.name) === withArticle),
  );
  return `  ${withArticle ? 'typed with an article' : 'typed without an article'} (${own.targets}):\n${figures(own, '    ')}`;
});
process.stdout.write(
  `typeahead, English district names as typed (${english.targets}${dubai ? '' : ', no Dubai file'}):\n` +
    figures(english) +
    split.join('') +
    misses(english, 60),
);
