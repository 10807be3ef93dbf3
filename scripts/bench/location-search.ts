import path from 'node:path';
import { readSaudiFolder } from '../../apps/decision/src/locations/gazetteer-sources';
import {
  evaluateLocationSearch,
  quantileMs,
  readEvalQueries,
} from '../../apps/decision/src/locations/location-evaluation';
import { LocationIndex } from '../../apps/decision/src/locations/location-index';
import { seedAliases } from '../../apps/decision/src/locations/location-seed';

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
