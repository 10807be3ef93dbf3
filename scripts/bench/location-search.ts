import 'reflect-metadata'; // @app/contracts decorates with class-transformer when first loaded
import fs from 'node:fs';
import path from 'node:path';
import type { LocationsList } from '@app/contracts';
import { readSaudiFolder } from '../../apps/decision/src/locations/gazetteer-sources';
import { LocationIndex } from '../../apps/decision/src/locations/location-index';
import { searchLocations } from '../../apps/decision/src/locations/location-search';
import { seedAliases } from '../../apps/decision/src/locations/location-seed';

/**
 * `npm run bench:search [-- <saudi folder>]`: the location evaluation set over the Saudi
 * gazetteer, outside any server: recall@1, and the search's own latency per query on a
 * fresh index (nothing remembered yet) and on a warm one (answers remembered).
 */
interface EvalQuery {
  param: 'city' | 'district';
  query: string;
  city?: string;
  expected_id: number;
}

const ROOT = path.join(__dirname, '..', '..', '..');
const source = process.argv[2] ?? path.join(ROOT, '..', 'shared', 'data', 'locations', 'saudi');
const { queries } = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'location-queries.json'), 'utf8'),
) as { queries: EvalQuery[] };
const requests = queries.map((q) =>
  q.param === 'city' ? { city: q.query } : { district: q.query, ...(q.city ? { city: q.city } : {}) },
);

const batch = readSaudiFolder(source);
const build = () => new LocationIndex({ cities: batch.cities, districts: batch.districts, aliases: seedAliases() });

/** One pass over the set: milliseconds per query, and how many found the intended place first. */
function pass(index: LocationIndex): { times: number[]; hits: number } {
  const times: number[] = [];
  let hits = 0;
  requests.forEach((request, i) => {
    const started = process.hrtime.bigint();
    const answer = searchLocations(index, request) as LocationsList;
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (answer.data[0]?.id === queries[i].expected_id) hits++;
  });
  return { times: times.sort((a, b) => a - b), hits };
}

const pct = (sorted: number[], p: number) => sorted[Math.ceil(sorted.length * p) - 1].toFixed(3);
pass(build()); // JIT warm-up on a throwaway index
const cold = build();
const first = pass(cold);
const warm = pass(cold);
process.stdout.write(
  `${batch.cities.length} cities, ${batch.districts.length} districts; ${queries.length} queries\n` +
    `recall@1 ${(first.hits / queries.length).toFixed(3)}\n` +
    `fresh index:  p50 ${pct(first.times, 0.5)} ms, p95 ${pct(first.times, 0.95)} ms, max ${pct(first.times, 1)} ms\n` +
    `remembered:   p50 ${pct(warm.times, 0.5)} ms, p95 ${pct(warm.times, 0.95)} ms\n`,
);
